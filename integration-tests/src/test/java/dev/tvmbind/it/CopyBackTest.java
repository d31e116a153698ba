package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * What comes back is exactly the tensor's declared bytes, never what an earlier call left in the
 * thread's scratch memory: an array of another length is refused before the call (and left as
 * it was); a non-zero status leaves the outputs as they were.
 */
class CopyBackTest {
    static final Echo ECHO = EchoBinding.load(NativeLibraries.of("echo"));

    @Test
    void onlyTheDeclaredBytesComeBack() {
        byte[] out = new byte[4];
        assertEquals(0, ECHO.run(new byte[] {7, 7, 7, 7, 0, 7, 7, 7}, out));
        assertArrayEquals(new byte[] {7, 7, 7, 7}, out);
        assertEquals(0, ECHO.run(new byte[] {1, 2, 3, 4, 0, 0, 0, 0}, out));
        assertArrayEquals(new byte[] {1, 2, 3, 4}, out);
        byte[] longer = new byte[100];
        Arrays.fill(longer, (byte) 0x55);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ECHO.run(new byte[] {1, 2, 3, 4, 0, 0, 0, 0}, longer));
        assertEquals("output 'out' (out) holds 4 bytes; the byte[] has 100 elements, 100 bytes",
                e.getMessage());
        byte[] untouched = new byte[100];
        Arrays.fill(untouched, (byte) 0x55);
        assertArrayEquals(untouched, longer);
    }

    @Test
    void aFailedRunLeavesTheOutputsAsTheyWere() {
        byte[] out = {9, 9, 9, 9};
        assertEquals(3, ECHO.run(new byte[] {1, 2, 3, 4, 3, 0, 0, 0}, out));
        assertArrayEquals(new byte[] {9, 9, 9, 9}, out);
    }
}
