package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.runtime.TvmExecutor;
import dev.tvmbind.runtime.TvmLibrary;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A service's life for 10 s on 8 threads: six make executors of the current library and run them,
 * two replace the library and close the old one while those runs go on. Every close succeeds
 * (it waits for runs in C; a thread waiting for the run lock does not hold it up), every result
 * is a lone caller's, and every refusal is true: it says "closed" of a library that was closed.
 */
class CloseRaceTest {
    private static final Path LIBRARY = NativeLibraries.of("twins");

    @Test
    void runsClosesAndNewExecutorsRacingGiveNoFalseMessage() throws Exception {
        AtomicReference<TvmLibrary> current = new AtomicReference<>(TvmLibrary.open(LIBRARY));
        long end = System.nanoTime() + 10_000_000_000L;
        Queue<String> wrong = new ConcurrentLinkedQueue<>();
        AtomicLong runs = new AtomicLong();
        AtomicLong closes = new AtomicLong();
        AtomicLong refusedAsClosed = new AtomicLong();
        List<Future<?>> threads = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(8)) {
            for (int t = 0; t < 6; t++) {
                threads.add(pool.submit(() -> {
                    int[] out = new int[1];
                    while (System.nanoTime() < end) {
                        TvmLibrary library = current.get();
                        try {
                            TvmExecutor executor = library.executor("fw_twin");
                            for (int i = 0; i < 20; i++) {
                                int in = ThreadLocalRandom.current().nextInt(1 << 20);
                                executor.setInput("in:0", new int[] {in});
                                executor.run();
                                executor.getOutput("out", out);
                                if (out[0] != in + 3) {
                                    wrong.add("run gave " + out[0] + " for " + in);
                                }
                                runs.incrementAndGet();
                            }
                            if (ThreadLocalRandom.current().nextBoolean()) {
                                executor.close();
                            }
                        } catch (IllegalStateException e) {
                            // True only of a library already replaced (closers replace, then close).
                            if (!e.getMessage().contains(" is closed") || library == current.get()) {
                                wrong.add("false: " + e.getMessage());
                            }
                            refusedAsClosed.incrementAndGet();
                        } catch (RuntimeException | Error e) {
                            wrong.add(e.toString());
                        }
                    }
                }));
            }
            for (int t = 0; t < 2; t++) {
                threads.add(pool.submit(() -> {
                    while (System.nanoTime() < end) {
                        TvmLibrary old = current.getAndSet(TvmLibrary.open(LIBRARY));
                        try {
                            old.close();
                            closes.incrementAndGet();
                        } catch (RuntimeException e) {
                            wrong.add("close: " + e.getMessage());
                        }
                        Thread.sleep(2);
                    }
                    return null;
                }));
            }
            for (Future<?> thread : threads) {
                thread.get();
            }
        }
        current.get().close();
        assertEquals(List.of(), List.copyOf(wrong), runs + " runs, " + closes + " closes");
        assertTrue(runs.get() > 10_000 && closes.get() > 100 && refusedAsClosed.get() > 0,
                runs + " runs, " + closes + " closes, " + refusedAsClosed + " refused as closed");
    }
}
