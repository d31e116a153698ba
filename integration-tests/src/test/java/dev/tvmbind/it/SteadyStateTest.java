package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.runtime.TvmExecutor;
import dev.tvmbind.runtime.TvmLibrary;
import dev.tvmbind.runtime.TvmModels;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * Once the JIT has compiled them, calls allocate nothing: a guard for the 0 B/op that JMH
 * measures (BENCHMARKS.md), counted here with the thread's allocation counter after a warm-up.
 */
class SteadyStateTest {
    private static final int WARM_UP = 300_000;
    private static final int MEASURED = 100_000;
    private static final int ROUNDS = 30;
    private static final Twins.Acme TYPED = TvmModels.load(Twins.Acme.class, NativeLibraries.of("twins"));

    private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private final int[] in = {10};
    private final int[] out = new int[1];

    @Test
    void anExecutorsSetInputRunAndGetOutputAllocateNothing() {
        try (TvmLibrary library = TvmLibrary.open(NativeLibraries.of("twins"))) {
            TvmExecutor executor = library.executor("acme_twin");
            double bytes = bytesPerCall(() -> {
                executor.setInput("in:0", in);
                executor.run();
                executor.getOutput("out", out);
            });
            assertEquals(12, out[0]);
            assertTrue(bytes < 1, bytes + " bytes per call");
        }
    }

    @Test
    void aTypedRunWithArraysAllocatesNothing() {
        double bytes = bytesPerCall(() -> TYPED.run(in, out));
        assertEquals(12, out[0]);
        assertTrue(bytes < 1, bytes + " bytes per call");
    }

    /**
     * The fewest bytes per call of rounds of calls, once the JIT had time to compile them: on a
     * busy machine its compilation may finish only some rounds in.
     */
    private double bytesPerCall(Runnable call) {
        for (int i = 0; i < WARM_UP; i++) {
            call.run();
        }
        long thread = Thread.currentThread().threadId();
        double fewest = Double.MAX_VALUE;
        for (int round = 0; round < ROUNDS && fewest >= 1; round++) {
            long before = threads.getThreadAllocatedBytes(thread);
            for (int i = 0; i < MEASURED; i++) {
                call.run();
            }
            fewest = Math.min(fewest, (threads.getThreadAllocatedBytes(thread) - before) / (double) MEASURED);
        }
        return fewest;
    }
}
