package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A named module that {@code requires dev.tvmbind.runtime}, holds a model and calls its binding, compiled
 * with the processor and run on the module path, as a modular application would.
 */
class JpmsTest {
    @TempDir Path dir;

    @Test
    void namedModuleCallsItsBindingDirectlyAndThroughTvmModels() throws Exception {
        String output = buildAndRun("exports app.model to dev.tvmbind.runtime;");
        assertEquals("direct 42, TvmModels 42, length 7", output.lines().findFirst().orElseThrow());
        // The module does not read java.compiler, so @Generated would not compile there.
        assertFalse(binding().contains("@Generated"), binding());
    }

    @Test
    void aModuleThatReadsJavaCompilerGetsTheGeneratedMarker() throws Exception {
        String output = buildAndRun("exports app.model to dev.tvmbind.runtime;\n    requires java.compiler;");
        assertEquals("direct 42, TvmModels 42, length 7", output.lines().findFirst().orElseThrow());
        assertTrue(binding().contains("@Generated(\"dev.tvmbind.processor.TvmBindProcessor\")"),
                binding());
    }

    private String binding() throws Exception {
        return Files.readString(dir.resolve("generated/app/model/AdderBinding.java"));
    }

    /** The binding hands itself to the runtime: no reflection, so nothing to export or open. */
    @Test
    void tvmModelsNeedsNoExportOfTheModelsPackage() throws Exception {
        String output = buildAndRun("");
        assertEquals("direct 42, TvmModels 42, length 7", output.lines().findFirst().orElseThrow(),
                output);
    }

    @Test
    void aModuleThatProvidesItsModelsHasThemFoundByName() throws Exception {
        String output = buildAndRun("provides dev.tvmbind.runtime.ModelProvider with"
                + " app.model.DoublerBinding.Provider, app.model.AdderBinding.Provider;");
        assertEquals("by name [tvmgen_adder, tvmgen_doubler]: 2 * 21 = 42",
                output.lines().toList().getLast(), output);
    }

    @Test
    void aModuleThatDoesNotProvideItsModelsIsToldHow() throws Exception {
        String output = buildAndRun("");
        assertTrue(output.contains("IllegalArgumentException: no model called 'doubler' is known;"
                + " no model is known. A model is known by name when its binding is on the class"
                + " path, or when its named module declares 'provides dev.tvmbind.runtime.ModelProvider"
                + " with <its binding>.Provider;'"), output);
    }

    /**
     * The runtime lends its native access to nobody: a module granted none, beside a runtime
     * granted its own, cannot make a downcall through a binding, an executor (of its library, or
     * over a lookup that finds {@code strlen} for every name) or the linkage generated code uses.
     */
    @Test
    void aModuleWithoutNativeAccessCannotCallThroughTheRuntime() throws Exception {
        Path library = build("exports app.model to dev.tvmbind.runtime;");
        String output = ChildJvm.run(List.of(ChildJvm.java(), "--module-path", modulePath(),
                "--enable-native-access=dev.tvmbind.runtime", "--illegal-native-access=deny",
                "-m", "app/app.Leak", library.toString()));
        assertEquals(List.of("linkage: null", "binding: IllegalCallerException",
                "executor: IllegalCallerException",
                "executor over any lookup: IllegalCallerException"), output.lines().toList(), output);
    }

    private String buildAndRun(String exports) throws Exception {
        Path library = build(exports);
        return ChildJvm.run(List.of(ChildJvm.java(), "--module-path", modulePath(),
                "--enable-native-access=app,dev.tvmbind.runtime", "--illegal-native-access=deny",
                "-m", "app/app.Main", library.toString()));
    }

    private String modulePath() throws Exception {
        return dir.resolve("mods/app") + File.pathSeparator + ChildJvm.runtimeModulePath();
    }

    /** Compiles module app with the processor and builds its library; returns the library. */
    private Path build(String exports) throws Exception {
        Path src = dir.resolve("src");
        ChildJvm.write(src.resolve("module-info.java"), "module app {\n    requires dev.tvmbind.runtime;\n    " + exports + "\n}\n");
        ChildJvm.write(src.resolve("app/model/Adder.java"), """
                package app.model;

                import dev.tvmbind.EntryPoint;
                import dev.tvmbind.TvmModel;

                @TvmModel(name = "adder")
                public interface Adder {
                    @EntryPoint int add(int a, int b);
                    @EntryPoint int length(String text);
                }
                """);
        ChildJvm.write(src.resolve("app/model/Doubler.java"), """
                package app.model;

                import dev.tvmbind.EntryPoint;
                import dev.tvmbind.Input;
                import dev.tvmbind.Output;
                import dev.tvmbind.TvmModel;

                @TvmModel(name = "doubler")
                public interface Doubler {
                    @EntryPoint void run(@Input(value = "x", shape = 1) int[] x,
                                         @Output(value = "y", shape = 1) int[] y);
                }
                """);
        ChildJvm.write(src.resolve("app/Main.java"), """
                package app;

                import app.model.Adder;
                import app.model.AdderBinding;
                import dev.tvmbind.runtime.ModelInfo;
                import dev.tvmbind.runtime.TvmExecutor;
                import dev.tvmbind.runtime.TvmLibrary;
                import dev.tvmbind.runtime.TvmModels;
                import java.nio.file.Path;

                public final class Main {
                    public static void main(String[] args) {
                        Path library = Path.of(args[0]);
                        Adder direct = AdderBinding.load(library);
                        System.out.print("direct " + direct.add(40, 2));
                        try {
                            Adder found = TvmModels.load(Adder.class, library);
                            System.out.println(", TvmModels " + found.add(20, 22) + ", length "
                                    + found.length("modules"));
                        } catch (RuntimeException e) {
                            System.out.println(", " + e);
                        }
                        try (TvmLibrary models = TvmLibrary.open(library)) {
                            TvmExecutor doubler = models.executor("doubler");
                            doubler.setInput("x", new int[] {21});
                            doubler.run();
                            int[] y = new int[1];
                            doubler.getOutput("y", y);
                            System.out.println("by name " + models.models().stream()
                                    .map(ModelInfo::cName).toList() + ": 2 * 21 = " + y[0]);
                        } catch (RuntimeException e) {
                            System.out.println(e);
                        }
                    }
                }
                """);
        String annotations = ChildJvm.runtimeModulePath();
        ChildJvm.write(src.resolve("app/Leak.java"), """
                package app;

                import app.model.AdderBinding;
                import app.model.Doubler;
                import dev.tvmbind.runtime.TvmLibrary;
                import dev.tvmbind.runtime.internal.Linkage;
                import java.lang.foreign.Linker;
                import java.lang.foreign.MemorySegment;
                import java.lang.invoke.MethodHandles;
                import java.nio.file.Path;
                import java.util.Optional;
                import java.util.concurrent.Callable;

                public final class Leak {
                    public static void main(String[] args) {
                        Path library = Path.of(args[0]);
                        MemorySegment strlen = Linker.nativeLinker().defaultLookup().find("strlen")
                                .orElseThrow();
                        attempt("linkage", () -> Linkage.of(MethodHandles.lookup()).address("strlen"));
                        attempt("binding", () -> AdderBinding.load(library).add(1, 2));
                        attempt("executor", () -> {
                            try (TvmLibrary models = TvmLibrary.open(library)) {
                                return models.executor(Doubler.class);
                            }
                        });
                        attempt("executor over any lookup", () -> {
                            try (TvmLibrary models = TvmLibrary.of(name -> Optional.of(strlen))) {
                                return models.executor(Doubler.class);
                            }
                        });
                    }

                    private static void attempt(String what, Callable<Object> attempt) {
                        try {
                            System.out.println(what + ": " + attempt.call());
                        } catch (Throwable e) {
                            System.out.println(what + ": " + e.getClass().getSimpleName());
                        }
                    }
                }
                """);
        Path generated = dir.resolve("generated");
        ChildJvm.javac(src, dir.resolve("mods/app"), generated, annotations);

        Path c = ChildJvm.write(dir.resolve("adder.c"), """
                #include <string.h>
                #include "tvmgen_adder.h"
                int32_t tvmgen_adder_add(int32_t a, int32_t b) { return a + b; }
                int32_t tvmgen_adder_length(const char* text) { return (int32_t) strlen(text); }
                """);
        Path doubler = ChildJvm.write(dir.resolve("doubler.c"), """
                #include "tvmgen_doubler.h"
                int32_t tvmgen_doubler_run(struct tvmgen_doubler_inputs* inputs,
                                           struct tvmgen_doubler_outputs* outputs) {
                    *(int32_t*) outputs->y = 2 * *(const int32_t*) inputs->x;
                    return 0;
                }
                """);
        Path library = dir.resolve("libadder.so");
        ChildJvm.run(List.of("gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC",
                "-I", generated.toString(), "-o", library.toString(), c.toString(), doubler.toString()));

        return library;
    }
}
