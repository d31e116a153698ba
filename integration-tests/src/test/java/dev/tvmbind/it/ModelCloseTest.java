package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.runtime.TvmExecutor;
import dev.tvmbind.runtime.TvmLibrary;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code TvmLibrary.close} unmaps what the bindings of {@code model()} call, so it waits for their
 * calls inside C, and refuses whole at its deadline: the gate model's run waits in C while the
 * gate is shut ({@code gate.c}).
 */
class ModelCloseTest {
    @Test
    void aCloseRefusedAtItsDeadlineClosesNothing() throws Exception {
        TvmLibrary library = TvmLibrary.open(NativeLibraries.of("gate"));
        Gate gate = library.model(Gate.class);
        TvmExecutor executor = library.executor(Gate.class);
        gate.shut();
        CompletableFuture<int[]> call;
        try {
            call = inC(gate, 5);
        } finally {
            reopenLater(gate);
        }
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> library.close(Duration.ofMillis(200)));
        assertTrue(refused.getMessage().contains("a call of a binding of model() is in progress")
                && refused.getMessage().contains("nothing was closed"), refused.getMessage());
        gate.open();
        assertEquals(5, call.get(5, TimeUnit.SECONDS)[0]);
        // Nothing was closed: the executor and the binding run as before.
        executor.setInput("in", new int[] {9});
        executor.run();
        int[] out = new int[1];
        executor.getOutput("out", out);
        assertEquals(9, out[0]);
        assertEquals(0, gate.run(new int[] {3}, out));
        assertEquals(3, out[0]);
        library.close();
        assertThrows(IllegalStateException.class, () -> gate.run(new int[] {1}, new int[1]));
    }

    @Test
    void aCloseWaitsForABindingsCallInsideC() throws Exception {
        TvmLibrary library = TvmLibrary.open(NativeLibraries.of("gate"));
        Gate gate = library.model(Gate.class);
        gate.shut();
        try {
            CompletableFuture<int[]> call = inC(gate, 5);
            CompletableFuture<Void> close = CompletableFuture.runAsync(
                    () -> library.close(Duration.ofSeconds(10)));
            Thread.sleep(200);
            assertTrue(!close.isDone(), "the close waits while the call is inside C");
            gate.open();
            assertEquals(5, call.get(5, TimeUnit.SECONDS)[0]);
            close.get(5, TimeUnit.SECONDS);
            assertThrows(IllegalStateException.class, () -> gate.run(new int[] {1}, new int[1]));
        } finally {
            reopen(gate);
        }
    }

    /** The gate open again, for the other tests of the same loaded library, if it is not closed. */
    private static void reopen(Gate gate) {
        try {
            gate.open();
        } catch (IllegalStateException closed) {
            // The library is closed: its gate is nobody's.
        }
    }

    /** The gate opened in a second, whatever the test does meanwhile. */
    private static void reopenLater(Gate gate) {
        CompletableFuture.runAsync(() -> reopen(gate),
                CompletableFuture.delayedExecutor(1, TimeUnit.SECONDS));
    }

    /** A run of {@code gate} that waits in C, once it is inside. */
    private static CompletableFuture<int[]> inC(Gate gate, int value) throws Exception {
        CompletableFuture<int[]> call = CompletableFuture.supplyAsync(() -> {
            int[] out = new int[1];
            gate.run(new int[] {value}, out);
            return out;
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (gate.inside() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertEquals(1, gate.inside(), "the run is inside C");
        return call;
    }
}
