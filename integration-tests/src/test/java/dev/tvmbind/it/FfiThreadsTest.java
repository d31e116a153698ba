package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tvmbind.runtime.ffi.TvmFfiException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Calls of TVM's FFI from many threads at once are not serialized, and each gets a lone caller's
 * result; an error raised on one thread is read on that thread, never on another (tvm-ffi keeps it
 * in thread-local storage until the caller takes it).
 */
class FfiThreadsTest {
    private static FfiTypes types;

    @BeforeAll
    static void load() throws Exception {
        types = FfiTypesBinding.load(FfiLibraries.of("ffi_types", false));
    }

    @Test
    void eightPlatformThreads() throws Exception {
        try (ExecutorService pool = Executors.newFixedThreadPool(8)) {
            assertEquals(List.of(0L, 0L), run(pool, 8, 20_000));
        }
    }

    @Test
    void aThousandVirtualThreads() throws Exception {
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            assertEquals(List.of(0L, 0L), run(pool, 1_000, 200));
        }
    }

    /** Wrong results, then errors seen by another thread than the one that raised them. */
    private static List<Long> run(ExecutorService pool, int threads, int calls) throws Exception {
        List<Future<long[]>> futures = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int thread = t;
            Callable<long[]> caller = () -> {
                long wrong = 0;
                long misplaced = 0;
                String name = "thread " + thread + " of a long name, so a string object";
                for (int i = 0; i < calls; i++) {
                    if (types.addInts(thread, i) != thread + i) {
                        wrong++;
                    }
                    if (!types.greet(name).equals("hello, " + name + "!")) {
                        wrong++;
                    }
                    if (i % 7 == 0) {
                        try {
                            types.fail(name + " call " + i);
                            wrong++;
                        } catch (TvmFfiException e) {
                            if (!e.errorMessage().equals(name + " call " + i)) {
                                misplaced++;
                            }
                        }
                    }
                }
                return new long[] {wrong, misplaced};
            };
            futures.add(pool.submit(caller));
        }
        long wrong = 0;
        long misplaced = 0;
        for (Future<long[]> future : futures) {
            long[] counts = future.get();
            wrong += counts[0];
            misplaced += counts[1];
        }
        return List.of(wrong, misplaced);
    }
}
