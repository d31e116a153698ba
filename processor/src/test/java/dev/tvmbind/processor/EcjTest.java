package dev.tvmbind.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.check.testing.TvmMlf;
import dev.tvmbind.processor.generate.c.HeaderCases;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import org.eclipse.jdt.internal.compiler.tool.EclipseCompiler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Eclipse's compiler (ECJ, what Eclipse and VS Code build with) runs the processor: the same
 * headers and bindings byte for byte as under javac, and the same keyed errors on the same lines.
 */
class EcjTest {
    @TempDir Path dir;

    private record Result(boolean success, List<Diagnostic<? extends JavaFileObject>> diagnostics,
            Path generated, String output) {
        List<String> errors() {
            return diagnostics.stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                    .map(d -> d.getMessage(Locale.ROOT)).toList();
        }
    }

    @Test
    void generatesWhatJavacGenerates() throws IOException {
        List<Path> sources = new ArrayList<>();
        for (JavaFileObject source : HeaderCases.all().values()) {
            String name = source.getName().substring(source.getName().lastIndexOf('/') + 1);
            sources.add(RealJavac.write(dir, "golden/" + name, source.getCharContent(true).toString()));
        }
        Result result = compile(sources);
        assertTrue(result.success(), result.output() + result.diagnostics());
        for (String header : HeaderCases.all().keySet()) {
            assertEquals(golden(header), Files.readString(result.generated().resolve(header)), header);
        }
        for (String binding : List.of("CatSpotter", "EveryType", "Pooled", "Runtime", "Shaped")) {
            String file = binding + "Binding.java";
            assertEquals(golden(file + ".txt"), Files.readString(result.generated().resolve("golden/" + file)),
                    file);
        }
        List<String> providers = Files.readAllLines(
                dir.resolve("classes/META-INF/services/dev.tvmbind.runtime.ModelProvider"));
        assertEquals(HeaderCases.all().size(), providers.size(), providers.toString());
        assertTrue(providers.contains("golden.CatSpotterBinding$Provider"), providers.toString());
    }

    /** A {@code @TvmFfi} interface: the same binding and C++ header as javac's golden pair. */
    @Test
    void generatesTheFfiGoldenPairAsJavacDoes() throws IOException {
        JavaFileObject kernels = dev.tvmbind.processor.generate.java.GoldenFfiBindingTest.KERNELS;
        Path source = RealJavac.write(dir, "golden/Kernels.java",
                kernels.getCharContent(true).toString());
        Result result = compile(List.of(source));
        assertTrue(result.success(), result.output() + result.diagnostics());
        assertEquals(golden("KernelsBinding.java.txt"),
                Files.readString(result.generated().resolve("golden/KernelsBinding.java")));
        assertEquals(golden("kernels_ffi.h"),
                Files.readString(result.generated().resolve("kernels_ffi.h")));
    }

    @Test
    void reportsTheSameKeyedErrorsOnTheSameLines() throws IOException {
        Path bad = RealJavac.write(dir, "com/acme/Bad.java", """
                package com.acme;

                import dev.tvmbind.*;
                import java.lang.foreign.MemorySegment;

                @TvmModel(prefix = "_tvm", name = "Cat")
                interface Bad {
                    @EntryPoint int setInput(int register);
                    @EntryPoint int set_input(int x);
                    @EntryPoint int run(@Input("x:0") MemorySegment a, @Input("x_0") MemorySegment b,
                                        @Output MemorySegment y,
                                        @Output(shape = {2, 0}, dtype = "int8") byte[] z,
                                        @Output(dtype = "float32", shape = 4, size = 8) float[] w);
                }
                """);
        Result result = compile(List.of(bad));
        assertTrue(!result.success());
        Map<String, Long> expected = Map.of(
                "[tvmbind:reserved-identifier] prefix '_tvm'", 6L,
                "[tvmbind:upper-case] model name 'Cat'", 6L,
                "[tvmbind:keyword] parameter name 'register'", 8L,
                "[tvmbind:name-clash] input name 'x_0'", 10L,
                "[tvmbind:shape] dimension 1 of the shape of output 'z'", 12L,
                "[tvmbind:size-mismatch] size of output 'w'", 13L);
        for (Map.Entry<String, Long> error : expected.entrySet()) {
            assertTrue(result.diagnostics().stream().anyMatch(d -> d.getKind() == Diagnostic.Kind.ERROR
                    && d.getMessage(Locale.ROOT).startsWith(error.getKey())
                    && d.getLineNumber() == error.getValue()), error + " in " + result.errors());
        }
        assertEquals(6, result.errors().size(), result.errors().toString());
    }

    /** The processor's libraries (Gson, commons-compress) work under ECJ too. */
    @Test
    void checksAgainstTvmsOutput() throws IOException {
        Path tree = TvmMlf.fixture("aww").resolve("mlf");
        Path model = RealJavac.write(dir, "com/acme/Aww.java", """
                package com.acme;

                import dev.tvmbind.*;

                @TvmModel(name = "default", workspaceSize = 56448)
                interface Aww {
                    @EntryPoint int run(
                        @Input(value = "input_1", dtype = "int8", shape = {1, 49, 10, 1}) byte[] a,
                        @Output(value = "Identity", dtype = "uint8", size = 12) byte[] b);
                }
                """);
        Result result = compile(List.of(model), "-Atvmbind.tvmOutput=" + TvmMlf.tar(tree,
                dir.resolve("aww.tar")));
        assertEquals(List.of(), result.errors().stream().filter(e -> !e.startsWith(
                "[tvmbind:tvm-output-dtype] output 'Identity' (b) is uint8 (byte[]), but TVM's"
                        + " metadata.json gives int8")).toList());
        assertEquals(1, result.errors().size(), result.errors().toString());
        assertTrue(result.diagnostics().stream().anyMatch(d -> d.getLineNumber() == 9));
        Files.writeString(model, Files.readString(model).replace("uint8", "int8"));
        Result fixed = compile(List.of(model), "-Atvmbind.tvmOutput=" + tree);
        assertTrue(fixed.success(), fixed.output() + fixed.diagnostics());
        assertEquals(Files.readString(tree.resolve("codegen/host/include/tvmgen_default.h")),
                Files.readString(fixed.generated().resolve("tvmgen_default.h")));
    }

    /** The scan of TVM's generated C, and its key on the annotation's line, under ECJ too. */
    @Test
    void refusesReentrantOverAStaticWorkspace() throws IOException {
        Path tree = TvmMlf.fixture("aww").resolve("mlf");
        Path model = RealJavac.write(dir, "com/acme/Aww.java", """
                package com.acme;

                import dev.tvmbind.*;

                @TvmModel(name = "default", workspaceSize = 56448,
                        reentrant = true)
                interface Aww {
                    @EntryPoint int run(
                        @Input(value = "input_1", dtype = "int8", shape = {1, 49, 10, 1}) byte[] a,
                        @Output(value = "Identity", dtype = "int8", size = 12) byte[] b);
                }
                """);
        Result result = compile(List.of(model), "-Atvmbind.tvmOutput=" + tree);
        assertEquals(1, result.errors().size(), result.errors().toString());
        assertTrue(result.errors().getFirst().startsWith("[tvmbind:tvm-output-reentrant]"),
                result.errors().toString());
        assertTrue(result.diagnostics().stream().anyMatch(d -> d.getLineNumber() == 6),
                result.diagnostics().toString());
    }

    private Result compile(List<Path> sources, String... options) throws IOException {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Path generated = Files.createDirectories(dir.resolve("generated"));
        JavaCompiler ecj = new EclipseCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        StringWriter output = new StringWriter();
        String classPath = System.getProperty("java.class.path");
        try (StandardJavaFileManager files = ecj.getStandardFileManager(diagnostics, Locale.ROOT,
                StandardCharsets.UTF_8)) {
            List<String> arguments = new ArrayList<>(List.of(
                    "--release", "22", "-proc:full", "-processorpath", classPath, "-classpath", classPath,
                    "-d", classes.toString(), "-s", generated.toString(), "-encoding", "UTF-8"));
            arguments.addAll(List.of(options));
            JavaCompiler.CompilationTask task = ecj.getTask(output, files, diagnostics, arguments,
                    null, files.getJavaFileObjectsFromPaths(sources));
            boolean success = task.call();
            return new Result(success, diagnostics.getDiagnostics(), generated, output.toString());
        }
    }

    private static String golden(String name) throws IOException {
        try (InputStream in = EcjTest.class.getResourceAsStream("/golden/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
