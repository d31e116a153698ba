package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tvmbind.runtime.TvmExecutor;
import dev.tvmbind.runtime.TvmLibrary;
import org.junit.jupiter.api.Test;

/**
 * C that writes past a tensor's declared end writes into a guard that follows every copy and
 * every executor buffer: the call throws, naming the tensor, and the overflow stays in
 * tvmbind's memory.
 */
class GuardTest {
    private static final Overflow OVERFLOW = OverflowBinding.load(NativeLibraries.of("overflow"));

    @Test
    void aTypedCallThatWritesPastAnOutputThrowsNamingIt() {
        int[] out = new int[1];
        OVERFLOW.run(new int[] {0}, out);
        assertArrayEquals(new int[] {7}, out);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> OVERFLOW.run(new int[] {1}, out));
        assertEquals("tvmgen_overflow_run wrote past the end of output 'out' (out), 4 bytes as"
                + " declared: the model's C and its interface disagree (the overflow stayed in"
                + " tvmbind's memory; check the size against TVM's output with"
                + " -Atvmbind.tvmOutput)", e.getMessage());
        OVERFLOW.run(new int[] {0}, out);
        assertArrayEquals(new int[] {7}, out, "the next call starts with intact guards");
    }

    @Test
    void anExecutorRunThatWritesPastAnOutputThrowsNamingIt() {
        try (TvmLibrary library = TvmLibrary.open(NativeLibraries.of("overflow"))) {
            TvmExecutor executor = library.executor(Overflow.class);
            executor.setInput("in", new int[] {1});
            IllegalStateException e = assertThrows(IllegalStateException.class, executor::run);
            assertEquals("tvmgen_overflow_run wrote past the end of output 'out', 4 bytes as"
                    + " declared: the model's C and its interface disagree (the overflow stayed in"
                    + " the executor's memory)", e.getMessage());
        }
    }
}
