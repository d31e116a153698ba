package dev.tvmbind.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.check.testing.TvmMlf;
import dev.tvmbind.processor.RealTvmBuild.Built;
import dev.tvmbind.runtime.TvmExecutor;
import dev.tvmbind.runtime.TvmLibrary;
import dev.tvmbind.runtime.TvmModels;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * TVM's code is not reentrant: the keyword spotter's whole workspace is one static array in
 * {@code default_lib0.c}. Four threads calling it at once must each get what a lone caller gets,
 * through a shared typed binding, through an executor each, and over private copies.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RealTvmThreadsTest {
    private static final int THREADS = 4;
    private static final int RUNS_PER_THREAD = 100;

    @TempDir static Path dir;
    private Built aww;
    private List<byte[]> inputs;
    /** What a lone caller gets for each input. */
    private final List<byte[]> alone = new ArrayList<>();

    /** One thread's way of running sample {@code input} into {@code scores}. */
    private interface Runner {
        void run(byte[] input, byte[] scores) throws Throwable;
    }

    @BeforeAll
    void build() throws Throwable {
        Path fixture = TvmMlf.fixture("aww");
        aww = RealTvmBuild.build(dir, fixture.resolve("mlf"), "Aww", """
                package real;

                import dev.tvmbind.*;

                @TvmModel(name = "default", workspaceSize = 56448, checked = true)
                public interface Aww {
                    @EntryPoint
                    void run(@Input(value = "input_1", dtype = "int8", shape = {1, 49, 10, 1}) byte[] features,
                             @Output(value = "Identity", dtype = "int8", shape = {1, 12}) byte[] scores);
                }
                """, List.of(), List.of());
        inputs = RealTvmBuild.arrays(Files.readString(fixture.resolve("samples/aww_input_data.cc")),
                "aww_input_data_\\d+");
        Runner typed = typed(TvmModels.load(aww.model(), aww.library()));
        for (byte[] input : inputs) {
            byte[] scores = new byte[12];
            typed.run(input, scores);
            alone.add(scores);
        }
    }

    @Test
    void fourThreadsSharingOneTypedBindingGetWhatALoneCallerGets() throws Exception {
        Runner shared = typed(TvmModels.load(aww.model(), aww.library()));
        assertEquals(0, differing(thread -> shared));
    }

    @Test
    void fourExecutorsOnFourThreadsGetWhatALoneCallerGets() throws Exception {
        try (TvmLibrary library = TvmLibrary.open(aww.library())) {
            assertEquals(0, differing(thread -> executor(library.executor(aww.model()))));
        }
    }

    @Test
    void fourThreadsOverFourPrivateCopiesGetWhatALoneCallerGets() throws Exception {
        try (TvmLibrary library = TvmLibrary.open(aww.library(), THREADS)) {
            Runner shared = typed(library.model(aww.model()));
            assertEquals(0, differing(thread -> thread % 2 == 0 ? shared
                    : executor(library.executor(aww.model()))));
        }
    }

    /**
     * The TVM 0.9 sine model takes its workspace from TVMBackendAllocWorkspace, which tvmbind's
     * platform gives each thread its own arena for: declared reentrant, its runs are not
     * serialized, and four threads at once still get sin(x).
     */
    @Test
    void theSineModelDeclaredReentrantRunsConcurrentlyAndRight() throws Throwable {
        Path tree = TvmMlf.fixture("sine").resolve("mlf");
        Built sine = RealTvmBuild.build(dir.resolve("sine"), tree, "Sine", """
                package real;

                import dev.tvmbind.*;

                @TvmModel(name = "default", workspaceSize = 1184, reentrant = true)
                public interface Sine {
                    @EntryPoint
                    int run(@Input(value = "dense_4_input", shape = {1, 1}) float[] x,
                            @Output(value = "Identity", shape = {1, 1}) float[] y);
                }
                """, List.of(), List.of("-DTVMBIND_ARENA_SIZE=TVMGEN_DEFAULT_WORKSPACE_SIZE",
                "-include", "tvmgen_default.h", RealTvmBuild.platform().toString()));
        assertTrue(TvmModels.info(sine.model()).reentrant());
        Object binding = TvmModels.load(sine.model(), sine.library());
        MethodHandle run = MethodHandles.publicLookup().findVirtual(sine.model(), "run",
                MethodType.methodType(int.class, float[].class, float[].class)).bindTo(binding);
        float[] alone = new float[628];
        for (int i = 0; i < alone.length; i++) {
            float[] y = new float[1];
            assertEquals(0, (int) run.invokeExact(new float[] {i / 100f}, y));
            alone[i] = y[0];
        }
        assertEquals(0.84147f, alone[100], 0.07f, "sin(1)");
        assertEquals(0, onThreads(thread -> {
            int wrong = 0;
            for (int k = 0; k < 2_000; k++) {
                int i = (thread * 157 + k) % alone.length;
                float[] y = new float[1];
                assertEquals(0, (int) run.invokeExact(new float[] {i / 100f}, y));
                wrong += y[0] == alone[i] ? 0 : 1;
            }
            return wrong;
        }));
    }

    private Runner typed(Object binding) throws ReflectiveOperationException {
        MethodHandle run = MethodHandles.publicLookup().findVirtual(aww.model(), "run",
                MethodType.methodType(void.class, byte[].class, byte[].class)).bindTo(binding);
        return (input, scores) -> run.invoke(input, scores);
    }

    private static Runner executor(TvmExecutor executor) {
        return (input, scores) -> {
            executor.setInput("input_1", input);
            executor.run();
            executor.getOutput("Identity", scores);
        };
    }

    private interface Runners {
        Runner forThread(int thread) throws Exception;
    }

    /** Runs every thread's calls at once; returns how many outputs differ from a lone caller's. */
    private int differing(Runners runners) throws Exception {
        return onThreads(thread -> {
            Runner runner = runners.forThread(thread);
            int wrong = 0;
            for (int k = 0; k < RUNS_PER_THREAD; k++) {
                int sample = (thread * 7 + k) % inputs.size();
                byte[] scores = new byte[12];
                runner.run(inputs.get(sample), scores);
                wrong += Arrays.equals(scores, alone.get(sample)) ? 0 : 1;
            }
            return wrong;
        });
    }

    /** One thread's calls: how many of its results were wrong. */
    private interface ThreadBody {
        int wrong(int thread) throws Throwable;
    }

    /** Starts {@link #THREADS} threads together on {@code body}; the sum of their wrong results. */
    private static int onThreads(ThreadBody body) throws Exception {
        CountDownLatch start = new CountDownLatch(THREADS);
        try (ExecutorService pool = Executors.newFixedThreadPool(THREADS)) {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                results.add(pool.submit(() -> {
                    start.countDown();
                    start.await();
                    try {
                        return body.wrong(thread);
                    } catch (Throwable e) {
                        throw new AssertionError(e);
                    }
                }));
            }
            int wrong = 0;
            for (Future<Integer> result : results) {
                wrong += result.get();
            }
            return wrong;
        }
    }
}
