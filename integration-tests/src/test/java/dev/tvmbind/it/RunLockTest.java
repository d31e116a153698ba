package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.runtime.TvmExecutor;
import dev.tvmbind.runtime.TvmLibrary;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Runs of one model in one loaded library wait for each other, through every binding and
 * executor of it, and the waiting threads park: virtual threads waiting for the lock leave their
 * carriers free. Plain entry points are not serialized.
 */
class RunLockTest {
    private static final Path LIBRARY = NativeLibraries.of("gate");

    @Test
    void bindingsAndExecutorsOfOneLibraryNeverRunAtOnce() throws Exception {
        Gate first = GateBinding.load(LIBRARY);
        Gate second = GateBinding.load(LIBRARY);
        try (TvmLibrary library = TvmLibrary.open(LIBRARY);
                ExecutorService pool = Executors.newFixedThreadPool(4)) {
            List<Future<?>> calls = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                TvmExecutor executor = library.executor(Gate.class);
                calls.add(pool.submit(() -> {
                    for (int k = 0; k < 2_000; k++) {
                        int[] out = new int[1];
                        if (thread == 3) {
                            executor.setInput("in", new int[] {k});
                            executor.run();
                            executor.getOutput("out", out);
                        } else {
                            (thread % 2 == 0 ? first : second).run(new int[] {k}, out);
                        }
                        assertEquals(k, out[0]);
                    }
                    return null;
                }));
            }
            for (Future<?> call : calls) {
                call.get();
            }
        }
        assertEquals(1, first.mostInside(), "runs inside C at once");
    }

    @Test
    void virtualThreadsWaitingForTheLockDoNotPinTheirCarriers() throws Exception {
        Gate gate = GateBinding.load(LIBRARY);
        gate.shut();
        try (ExecutorService platform = Executors.newSingleThreadExecutor();
                ExecutorService virtual = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<?> holder = platform.submit(() -> gate.run(new int[] {-1}, new int[1]));
            while (gate.inside() == 0) {
                Thread.onSpinWait();
            }
            // More waiters than the scheduler has carriers (at most 256): pinned, they would
            // leave none for the task below.
            List<Future<int[]>> waiters = new ArrayList<>();
            for (int v = 0; v < 300; v++) {
                int value = v;
                waiters.add(virtual.submit(() -> {
                    int[] out = new int[1];
                    gate.run(new int[] {value}, out);
                    return out;
                }));
            }
            Thread.sleep(200);
            assertEquals(42, virtual.submit(() -> 42).get(10, TimeUnit.SECONDS),
                    "a virtual thread runs while 300 wait for the lock");
            assertEquals(1, gate.inside(), "the waiters are parked, not in C");
            gate.open();
            holder.get(10, TimeUnit.SECONDS);
            for (int v = 0; v < waiters.size(); v++) {
                assertArrayEquals(new int[] {v}, waiters.get(v).get(10, TimeUnit.SECONDS));
            }
        } finally {
            gate.open();
        }
    }

    /**
     * Closing a library while one of its executors runs closes nothing (all or nothing), and one
     * executor run by two threads at once is refused, not raced.
     */
    @Test
    void aCloseDuringARunClosesNothingAndAnExecutorRunsOnOneThread() throws Exception {
        Gate gate = GateBinding.load(LIBRARY);
        TvmLibrary library = TvmLibrary.open(LIBRARY);
        TvmExecutor running = library.executor(Gate.class);
        TvmExecutor idle = library.executor(Gate.class);
        running.setInput("in", new int[] {5});
        idle.setInput("in", new int[] {6});
        gate.shut();
        try (ExecutorService thread = Executors.newSingleThreadExecutor()) {
            Future<?> run = thread.submit(running::run);
            while (gate.inside() == 0) {
                Thread.onSpinWait();
            }
            IllegalStateException close = assertThrows(IllegalStateException.class,
                    () -> library.close(java.time.Duration.ofMillis(200)));
            assertTrue(close.getMessage().endsWith("while a run() of its executor of tvmgen_gate is"
                    + " in progress in another thread (waited 200 ms); nothing was closed"),
                    close.getMessage());
            IllegalStateException twice = assertThrows(IllegalStateException.class, running::run);
            assertEquals("the executor of tvmgen_gate is running in another thread: an executor is"
                    + " for one thread at a time", twice.getMessage());
            gate.open();
            run.get(10, TimeUnit.SECONDS);
        } finally {
            gate.open();
        }
        idle.run();
        int[] out = new int[1];
        idle.getOutput("out", out);
        assertEquals(6, out[0], "the idle executor was not closed");
        library.close();
        assertThrows(IllegalStateException.class, idle::run);
    }

    /** Locks are found by address and held weakly: private copies come and go, entries do not stay. */
    @Test
    void theRegistryOfLocksDoesNotGrowAsCopiesComeAndGo() throws Exception {
        Method size = Class.forName("dev.tvmbind.runtime.internal.RunLocks").getDeclaredMethod("size");
        size.setAccessible(true);
        int before = (int) size.invoke(null);
        for (int i = 0; i < 20; i++) {
            try (TvmLibrary copy = TvmLibrary.open(LIBRARY, 1)) {
                Gate gate = copy.model(Gate.class);
                assertEquals(0, gate.run(new int[] {i}, new int[1]));
            }
        }
        for (int attempt = 0; attempt < 50 && (int) size.invoke(null) > before; attempt++) {
            System.gc();
            Thread.sleep(20);
        }
        assertTrue((int) size.invoke(null) <= before, "locks left: " + size.invoke(null));
    }
}
