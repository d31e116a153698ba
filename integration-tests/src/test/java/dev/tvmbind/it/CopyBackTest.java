package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * An output array longer than its tensor gets back exactly the tensor's declared bytes, never
 * what an earlier call left in the thread's scratch memory; a non-zero status leaves it as it was.
 */
class CopyBackTest {
    static final Echo ECHO = EchoBinding.load(NativeLibraries.of("echo"));

    @Test
    void onlyTheDeclaredBytesComeBack() {
        byte[] earlier = new byte[600];
        Arrays.fill(earlier, (byte) 7);
        earlier[4] = 0;
        assertEquals(0, ECHO.run(earlier, new byte[600]));
        byte[] out = new byte[100];
        Arrays.fill(out, (byte) 0x55);
        assertEquals(0, ECHO.run(new byte[] {1, 2, 3, 4, 0, 0, 0, 0}, out));
        byte[] expected = new byte[100];
        Arrays.fill(expected, (byte) 0x55);
        System.arraycopy(new byte[] {1, 2, 3, 4}, 0, expected, 0, 4);
        assertArrayEquals(expected, out);
    }

    @Test
    void aFailedRunLeavesTheOutputsAsTheyWere() {
        byte[] out = {9, 9, 9, 9};
        assertEquals(3, ECHO.run(new byte[] {1, 2, 3, 4, 3, 0, 0, 0}, out));
        assertArrayEquals(new byte[] {9, 9, 9, 9}, out);
    }
}
