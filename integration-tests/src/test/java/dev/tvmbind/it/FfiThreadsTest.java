package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tvmbind.DType;
import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.ffi.TvmFfiException;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
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

    /**
     * Containers, callbacks (one throwing), owned and returned tensors from 8 threads at once:
     * every result equals what a lone caller got before them, and every callback's exception
     * comes back as the cause on its own thread.
     */
    @Test
    void containersCallbacksAndTensorsFromEightThreads() throws Exception {
        FfiContainers containers = FfiContainersBinding.load(FfiLibraries.of("ffi_containers",
                false));
        FfiCallbacks callbacks = FfiCallbacksBinding.load(FfiLibraries.of("ffi_callbacks",
                false));
        FfiTensorFunctions tensors = FfiTensorFunctionsBinding.load(FfiLibraries.of("ffi_types",
                false));
        List<List<String>> words = List.of(List.of("a", "bb"), List.of("a-word-longer-than-small"),
                List.of("x", "y", "z"));
        LaidOutKernels laidOut = LaidOutKernelsBinding.load(FfiLibraries.of("ffi_types", false));
        List<Object> lone = new ArrayList<>();
        for (List<String> w : words) {
            lone.add(containers.lengths(w));
            lone.add(containers.join(w));
        }
        try (ExecutorService pool = Executors.newFixedThreadPool(8);
                Arena arena = Arena.ofShared();
                Tensor transposed = laidOut.transposed(2, 3)) {
            Tensor shared = Tensor.of(arena.allocateFrom(ValueLayout.JAVA_FLOAT, 1, 2, 3),
                    DType.FLOAT32, 3);
            // Declared devices and strides: the lone caller's sum, and its refusal's message.
            Tensor matrix = Tensor.of(arena.allocateFrom(ValueLayout.JAVA_FLOAT, 0, 1, 2, 3, 4,
                    5), DType.FLOAT32, 2, 3);
            double loneSum = laidOut.sumFlat(matrix);
            String loneRefusal = assertThrows(IllegalArgumentException.class,
                    () -> laidOut.sumFlat(transposed)).getMessage();
            // Returned tensors, read by the fast path (a vector) and the general one (strided).
            float[] loneIota;
            try (Tensor made = tensors.iota(4)) {
                loneIota = made.data().toArray(ValueLayout.JAVA_FLOAT);
            }
            long loneStridedBytes = transposed.uncheckedData().byteSize();
            List<Future<Long>> futures = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    long wrong = 0;
                    for (int i = 0; i < 2_000; i++) {
                        int k = (thread + i) % words.size();
                        wrong += containers.lengths(words.get(k)).equals(lone.get(2 * k)) ? 0 : 1;
                        wrong += containers.join(words.get(k)).equals(lone.get(2 * k + 1)) ? 0 : 1;
                        wrong += callbacks.applyTwice(x -> x + thread, i) == i + 2L * thread ? 0 : 1;
                        wrong += tensors.sumOwned(shared) == 6f ? 0 : 1;
                        wrong += laidOut.sumFlat(matrix) == loneSum ? 0 : 1;
                        try {
                            laidOut.sumFlat(transposed);
                            wrong++;
                        } catch (IllegalArgumentException e) {
                            wrong += loneRefusal.equals(e.getMessage()) ? 0 : 1;
                        }
                        try (Tensor made = tensors.iota(4);
                                Tensor strided = laidOut.transposed(2, 3)) {
                            wrong += Arrays.equals(loneIota,
                                    made.data().toArray(ValueLayout.JAVA_FLOAT)) ? 0 : 1;
                            wrong += Arrays.equals(transposed.shape(), strided.shape())
                                    && strided.data().byteSize() == loneStridedBytes ? 0 : 1;
                        }
                        String mine = "thread " + thread + " call " + i;
                        try {
                            callbacks.applyTwice(x -> {
                                throw new IllegalStateException(mine);
                            }, i);
                            wrong++;
                        } catch (TvmFfiException e) {
                            wrong += e.getCause() != null && mine.equals(e.getCause().getMessage())
                                    ? 0 : 1;
                        }
                    }
                    return wrong;
                }));
            }
            long wrong = 0;
            for (Future<Long> future : futures) {
                wrong += future.get();
            }
            assertEquals(0, wrong);
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
