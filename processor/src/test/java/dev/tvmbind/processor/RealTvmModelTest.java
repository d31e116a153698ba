package dev.tvmbind.processor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.check.testing.TvmMlf;
import dev.tvmbind.processor.RealTvmBuild.Built;
import dev.tvmbind.runtime.TvmExecutor;
import dev.tvmbind.runtime.TvmLibrary;
import dev.tvmbind.runtime.TvmModels;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real models TVM compiled, end to end: the interface is checked against TVM's output, its header
 * replaces TVM's when gcc builds TVM's C into a shared library, and the generated binding calls it
 * with the inputs that came with the model, whose outputs must be the recorded ones.
 */
class RealTvmModelTest {
    @TempDir Path dir;

    /**
     * MLPerf Tiny's keyword spotter (TVM 0.17, static memory planning): all 25 samples, typed and
     * by name.
     */
    @Test
    void theKeywordSpotterClassifiesEverySampleLikeTheReference() throws Exception {
        Path aww = TvmMlf.fixture("aww");
        Built built = RealTvmBuild.build(dir, aww.resolve("mlf"), "Aww", """
                package real;

                import dev.tvmbind.*;

                @TvmModel(name = "default", workspaceSize = 56448, checked = true)
                public interface Aww {
                    @EntryPoint
                    void run(@Input(value = "input_1", dtype = "int8", shape = {1, 49, 10, 1}) byte[] features,
                             @Output(value = "Identity", dtype = "int8", shape = {1, 12}) byte[] scores);
                }
                """, List.of(), List.of());
        Object model = TvmModels.load(built.model(), built.library());
        Method run = built.model().getMethod("run", byte[].class, byte[].class);
        List<byte[]> inputs = RealTvmBuild.awwInputs(aww);
        byte[] expected = RealTvmBuild.awwClasses(aww);
        assertEquals(25, inputs.size());
        List<byte[]> typedScores = new ArrayList<>();
        for (int n = 0; n < inputs.size(); n++) {
            byte[] scores = new byte[12];
            run.invoke(model, inputs.get(n), scores);
            assertEquals(expected[n], RealTvmBuild.argMax(scores), "sample " + n);
            typedScores.add(scores);
        }
        // By name, as TVM's lib["default"](): the model's provider is in the compiled classes,
        // found where the context class loader looks.
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(built.model().getClassLoader());
        try (TvmLibrary library = TvmLibrary.open(built.library())) {
            TvmExecutor executor = library.executor("default");
            assertEquals("tvmgen_default_run", executor.info().runSymbol().orElseThrow());
            for (int n = 0; n < inputs.size(); n++) {
                executor.setInput("input_1", inputs.get(n));
                executor.run();
                byte[] byName = new byte[12];
                executor.getOutput("Identity", byName);
                assertArrayEquals(typedScores.get(n), byName, "sample " + n);
            }
        } finally {
            thread.setContextClassLoader(before);
        }
        InvocationTargetException e = assertThrows(InvocationTargetException.class,
                () -> run.invoke(model, new byte[480], new byte[12]));
        assertEquals("input 'input_1' (features) holds 490 bytes (int8 [1, 49, 10, 1], 490"
                + " elements); the byte[] has 480 elements, 480 bytes", e.getCause().getMessage());
    }

    /**
     * The TFLM sine regressor (TVM 0.9.dev0, no static memory planning): TVM's C allocates its
     * intermediates through tvmbind's platform file, and the values are the ones SOURCE.md records.
     */
    @Test
    void theSineModelRunsOnThePlatformArena() throws Throwable {
        Path tree = TvmMlf.fixture("sine").resolve("mlf");
        String source = """
                package real;

                import dev.tvmbind.*;

                @TvmModel(name = "default", workspaceSize = 1184)
                public interface Sine {
                    @EntryPoint
                    int run(@Input(value = "dense_4_input", shape = {1, 1}) float[] x,
                            @Output(value = "Identity", shape = {1, 1}) float[] y);
                }
                """;
        Path platform = RealTvmBuild.platform();
        Built built = RealTvmBuild.build(dir, tree, "Sine", source, List.of(), List.of("-DTVMBIND_ARENA_SIZE=TVMGEN_DEFAULT_WORKSPACE_SIZE",
                "-include", "tvmgen_default.h", platform.toString()));
        Object model = TvmModels.load(built.model(), built.library());
        Method run = built.model().getMethod("run", float[].class, float[].class);
        float[][] expected = {{0.0174533f, 0.048172f}, {0f, 0.033842f}, {0.5f, 0.444379f},
                {1f, 0.807911f}, {1.570796f, 0.962110f}, {2f, 0.862895f}, {3.141593f, -0.047161f},
                {4.712389f, -0.992816f}, {6.283185f, 0.061820f}};
        for (float[] point : expected) {
            float[] y = new float[1];
            assertEquals(0, run.invoke(model, new float[] {point[0]}, y));
            assertEquals(point[1], y[0], 5e-6f, "sin(" + point[0] + ")");
        }

        // The same C with an arena of 1,000 bytes: the allocation fails, TVM's run returns -1,
        // and the platform says why.
        Built tooSmall = RealTvmBuild.build(dir, tree, "Sine", source, List.of(), List.of("-DTVMBIND_ARENA_SIZE=1000",
                platform.toString()));
        Object failing = TvmModels.load(tooSmall.model(), tooSmall.library());
        assertEquals(-1, tooSmall.model().getMethod("run", float[].class, float[].class)
                .invoke(failing, new float[] {1f}, new float[1]));
        try (Arena arena = Arena.ofConfined()) {
            SymbolLookup lookup = SymbolLookup.libraryLookup(tooSmall.library(), arena);
            MethodHandle lastError = Linker.nativeLinker().downcallHandle(
                    lookup.find("TVMGetLastError").orElseThrow(), FunctionDescriptor.of(ValueLayout.ADDRESS));
            String message = ((MemorySegment) lastError.invokeExact()).reinterpret(512).getString(0);
            assertTrue(message.startsWith("TVMBackendAllocWorkspace: 1024 bytes asked for,"), message);
        }
    }
}
