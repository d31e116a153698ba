package dev.tvmbind.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.check.testing.TvmMlf;
import dev.tvmbind.processor.RealTvmBuild.Built;
import dev.tvmbind.runtime.ModelInfo;
import dev.tvmbind.runtime.TvmExecutor;
import dev.tvmbind.runtime.TvmLibrary;
import dev.tvmbind.runtime.TvmModels;
import dev.tvmbind.runtime.WrongModelError;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two real models named {@code tvmgen_default} (every {@code tvmc} model without
 * {@code --module-name} is one) known at once: a name is never resolved by a guess, since one
 * model's sizes used against the other's library overflow its buffers.
 */
class RealTvmTwinsTest {
    @TempDir Path dir;

    @Test
    void aNameThatMeansTwoModelsIsRefusedAndTheClassIsAsked() throws Exception {
        Built aww = RealTvmBuild.build(dir.resolve("aww"), TvmMlf.fixture("aww").resolve("mlf"),
                "Aww", """
                package real;

                import dev.tvmbind.*;

                @TvmModel(name = "default", workspaceSize = 56448)
                public interface Aww {
                    @EntryPoint
                    void run(@Input(value = "input_1", dtype = "int8", shape = {1, 49, 10, 1}) byte[] features,
                             @Output(value = "Identity", dtype = "int8", shape = {1, 12}) byte[] scores);
                }
                """, List.of(), List.of());
        RealTvmBuild.build(dir.resolve("sine"), TvmMlf.fixture("sine").resolve("mlf"), "Sine", """
                package real;

                import dev.tvmbind.*;

                @TvmModel(name = "default", workspaceSize = 1184)
                public interface Sine {
                    @EntryPoint
                    int run(@Input(value = "dense_4_input", shape = {1, 1}) float[] x,
                            @Output(value = "Identity", shape = {1, 1}) float[] y);
                }
                """, List.of(), List.of("-DTVMBIND_ARENA_SIZE=TVMGEN_DEFAULT_WORKSPACE_SIZE",
                "-include", "tvmgen_default.h", RealTvmBuild.platform().toString()));
        // Each binding knows its model's library by the operators TVM generated for it.
        assertTrue(Files.readString(dir.resolve("aww/classes/META-INF/tvmbind/checked/real.Aww.properties"))
                .contains("\noperators=tvmgen_default_fused_cast_subtract,"));
        Built sineBuilt = new Built(new URLClassLoader(new URL[] {dir.resolve("sine/classes").toUri()
                .toURL()}, getClass().getClassLoader()).loadClass("real.Sine"), null);
        WrongModelError wrong = assertThrows(WrongModelError.class,
                () -> TvmModels.load(sineBuilt.model(), aww.library()));
        assertTrue(wrong.getMessage().startsWith("the library " + aww.library().toAbsolutePath()
                + " is not the model tvmgen_default that"
                + " javac checked real.Sine against (" + TvmMlf.fixture("sine").resolve("mlf")
                + "): it lacks 5 of the 5 operator functions TVM generated for it, such as"
                + " tvmgen_default_fused_nn_dense_add;"), wrong.getMessage());
        try (TvmLibrary library = TvmLibrary.open(aww.library())) {
            assertThrows(WrongModelError.class, () -> library.executor(sineBuilt.model()));
        }
        URLClassLoader both = new URLClassLoader(new URL[] {
                dir.resolve("aww/classes").toUri().toURL(), dir.resolve("sine/classes").toUri().toURL()},
                getClass().getClassLoader());
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(both);
        try (TvmLibrary library = TvmLibrary.open(aww.library())) {
            assertEquals(List.of("real.Aww", "real.Sine"), library.knownModels().stream()
                    .map(ModelInfo::modelInterface).map(Class::getName).toList());
            // Both export tvmgen_default_run; the library is the keyword spotter's only.
            assertEquals(List.of("real.Aww"), library.models().stream()
                    .map(ModelInfo::modelInterface).map(Class::getName).toList());
            for (String name : List.of("default", "tvmgen_default")) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> library.executor(name));
                assertEquals("'tvmgen_default' is ambiguous: 2 known models have that name,"
                        + " described by real.Aww and real.Sine (their sizes may differ: guessing"
                        + " could overflow a buffer); ask for the one you mean by its interface:"
                        + " executor(Aww.class)", e.getMessage());
            }
            TvmExecutor byClass = library.executor(both.loadClass("real.Aww"));
            byClass.setInput("input_1", new byte[490]);
            byClass.run();
            assertTrue(byClass.info().modelInterface().getName().equals("real.Aww"));
        } finally {
            thread.setContextClassLoader(before);
        }
    }
}
