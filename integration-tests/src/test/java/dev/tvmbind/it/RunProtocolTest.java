package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tvmbind.runtime.TvmException;
import dev.tvmbind.runtime.TvmExecutor;
import dev.tvmbind.runtime.TvmLibrary;
import dev.tvmbind.runtime.TvmModels;
import org.junit.jupiter.api.Test;

/**
 * TVM's run protocol is one, whichever way a model is called: the same failure and the same bad
 * arguments through a generated binding and through an executor of one library
 * ({@code acme_checked}: {@code out = 2 * in}, writing its outputs and then returning
 * {@code in[0]} as the status when it is negative) throw the same and deliver nothing of a
 * failed run.
 */
class RunProtocolTest {
    @Test
    void aFailedRunThrowsTheSameAndDeliversNoOutput() {
        try (TvmLibrary library = TvmLibrary.open(NativeLibraries.of("checked"))) {
            Outer.Checked binding = library.model(Outer.Checked.class);
            TvmExecutor executor = library.executor("acme_checked");
            int[] out = new int[2];
            binding.run(new int[] {3, 4}, out);
            executor.setInput("in", new int[] {3, 4});
            executor.run();
            int[] executed = new int[2];
            executor.getOutput("out", executed);
            assertArrayEquals(out, executed);

            TvmException viaBinding = assertThrows(TvmException.class,
                    () -> binding.run(new int[] {-5, 1}, out));
            executor.setInput("in", new int[] {-5, 1});
            TvmException viaExecutor = assertThrows(TvmException.class, executor::run);
            assertEquals(viaBinding.symbol(), viaExecutor.symbol());
            assertEquals(viaBinding.status(), viaExecutor.status());
            assertEquals(viaBinding.getMessage(), viaExecutor.getMessage());
            // C wrote {-10, 2} before failing: the binding's array keeps the last good result,
            // the executor hands over nothing until a run succeeds.
            assertArrayEquals(new int[] {6, 8}, out);
            IllegalStateException unread = assertThrows(IllegalStateException.class,
                    () -> executor.getOutput("out", executed));
            assertSame(viaExecutor, unread.getCause());
            assertArrayEquals(new int[] {6, 8}, executed);

            executor.setInput("in", new int[] {1, 2});
            executor.run();
            executor.getOutput("out", executed);
            assertArrayEquals(new int[] {2, 4}, executed);
        }
    }

    @Test
    void anArrayOfAnotherSizeIsRefusedTheSameBeforeAnyCall() {
        Outer.Checked binding = TvmModels.load(Outer.Checked.class, NativeLibraries.of("checked"));
        try (TvmLibrary library = TvmLibrary.open(NativeLibraries.of("checked"))) {
            TvmExecutor executor = library.executor("acme_checked");
            for (int[] wrong : new int[][] {new int[1], new int[3]}) {
                IllegalArgumentException viaBinding = assertThrows(IllegalArgumentException.class,
                        () -> binding.run(wrong, new int[2]));
                IllegalArgumentException viaExecutor = assertThrows(
                        IllegalArgumentException.class, () -> executor.setInput("in", wrong));
                String rule = " holds 8 bytes; the int[] has " + wrong.length + " elements, "
                        + 4 * wrong.length + " bytes";
                assertEquals("input 'in' (in)" + rule, viaBinding.getMessage());
                assertEquals("input 'in'" + rule, viaExecutor.getMessage());
            }
            int[] out = {7, 7, 7};
            assertThrows(IllegalArgumentException.class, () -> binding.run(new int[2], out));
            assertArrayEquals(new int[] {7, 7, 7}, out, "the model was not called");
        }
    }
}
