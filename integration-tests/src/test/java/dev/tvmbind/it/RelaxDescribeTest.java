package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.runtime.ffi.Tensor;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.lang.foreign.Arena;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Relax library from {@code export_library} to a checked, called interface, as a user goes:
 * the processor jar's {@code describe model.so} writes the interface (read in a child JVM), javac
 * compiles it against the same library under {@code -Atvmbind.tvmOutput} without a diagnostic,
 * and its calls give TVM's own bytes, for every test model. Then the stale check, and libraries
 * that hang or crash the JVM that reads them.
 */
class RelaxDescribeTest {
    private static final List<String> MODELS = List.of("mlp", "conv", "two_functions", "tuples",
            "symbolic", "sorting", "aliases");

    @TempDir
    Path dir;

    @BeforeAll
    static void runtime() throws Exception {
        RelaxModels.directory();
        System.setProperty("tvmbind.tvmRuntime", RelaxModels.sitePackages().toString());
    }

    @Test
    void describedInterfacesCompileCheckedAndCallTheModels() throws Exception {
        Path src = dir.resolve("src");
        for (String model : MODELS) {
            ProcessorJar.Run described = ProcessorJar.run(List.of(), "describe",
                    RelaxModels.library(model).toString(),
                    "--package", "described", "--out", src.toString(), "--tvm-runtime",
                    RelaxModels.sitePackages().toString());
            assertEquals(0, described.status(), described.output());
        }
        String mlp = Files.readString(src.resolve("described/Mlp.java"));
        assertTrue(mlp.contains("@TvmRelax\npublic interface Mlp extends AutoCloseable {"), mlp);
        assertTrue(mlp.contains("Tensor forward(@Shape(value = {\"n\", \"784\"}, dtype ="
                + " DType.FLOAT32) Tensor x);"), mlp);
        // add_one's result is annotated (its shape depends on n); split's too, a nested tuple.
        assertTrue(Files.readString(src.resolve("described/Symbolic.java"))
                .contains("Tensor addOne(@Shape"), "symbolic");
        assertTrue(Files.readString(src.resolve("described/Tuples.java"))
                .contains("Object split("), "tuples");
        Path classes = dir.resolve("classes");
        String libraries = String.join(File.pathSeparator, MODELS.stream().map(m -> {
            try {
                return RelaxModels.library(m).toString();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }).toList());
        assertEquals("", javac(src, classes, libraries));
        try (URLClassLoader loader = new URLClassLoader(new java.net.URL[] {
                classes.toUri().toURL()}, getClass().getClassLoader());
                Arena arena = Arena.ofConfined()) {
            int outputs = 0;
            for (RelaxModels.Model model : RelaxModels.manifest().models()) {
                String name = upperCamel(model.name());
                Class<?> binding = loader.loadClass("described." + name + "Binding");
                Object loaded = binding.getMethod("load", Path.class).invoke(null,
                        RelaxModels.library(model.name()));
                try {
                    for (RelaxModels.Call call : model.calls()) {
                        outputs += call(loaded, call, arena);
                    }
                } finally {
                    ((AutoCloseable) loaded).close();
                }
            }
            assertEquals(15, outputs);
        }
    }

    /** Calls the method of {@code call}'s function; each output equals TVM's bytes. */
    private static int call(Object loaded, RelaxModels.Call call, Arena arena) throws Exception {
        Method method = Arrays.stream(loaded.getClass().getInterfaces()[0].getMethods())
                .filter(m -> snake(m.getName()).equals(call.function()))
                .findFirst().orElseThrow(() -> new AssertionError(call.function()));
        List<Object> arguments = new ArrayList<>();
        for (RelaxModels.Described input : call.inputs()) {
            arguments.add(RelaxModels.tensor(input, arena));
        }
        Object result = method.invoke(loaded, arguments.toArray());
        for (RelaxModels.Described output : call.outputs()) {
            Object at = result;
            for (int index : output.path()) {
                at = ((List<?>) at).get(index);
            }
            Tensor tensor = (Tensor) at;
            assertArrayEquals(RelaxModels.bytes(output), tensor.data().toArray(
                    java.lang.foreign.ValueLayout.JAVA_BYTE), call.function());
        }
        return call.outputs().size();
    }

    /**
     * With the export's signature ({@code <model>.sig.json}, the README's snippet), results the
     * library does not keep are typed: topk's pair a {@code List<Tensor>}, argsort's a {@code
     * Tensor}; the interface compiles checked and calls. Another export's signature is refused.
     */
    @Test
    void theSignatureTypesTheResults() throws Exception {
        Path library = RelaxModels.library("sorting");
        Path src = dir.resolve("src");
        ProcessorJar.Run described = ProcessorJar.run(List.of(), "describe", library.toString(),
                "--package", "signed", "--out", src.toString(), "--signature",
                RelaxModels.directory().resolve("sorting.sig.json").toString(), "--tvm-runtime",
                RelaxModels.sitePackages().toString());
        assertEquals(0, described.status(), described.output());
        String sorting = Files.readString(src.resolve("signed/Sorting.java"));
        assertTrue(sorting.contains("List<Tensor> best(@Shape(value = {\"6\"}, dtype ="
                + " DType.FLOAT32) Tensor x);"), sorting);
        assertTrue(sorting.contains("@Shape(\n            value = {\"6\"},\n            dtype ="
                + " DType.INT64\n    )\n    Tensor order("), sorting);
        Path classes = dir.resolve("classes");
        assertEquals("", javac(src, classes, library.toString()));
        try (URLClassLoader loader = new URLClassLoader(new java.net.URL[] {
                classes.toUri().toURL()}, getClass().getClassLoader());
                Arena arena = Arena.ofConfined()) {
            Object loaded = loader.loadClass("signed.SortingBinding").getMethod("load", Path.class)
                    .invoke(null, library);
            try {
                int outputs = 0;
                for (RelaxModels.Call call : RelaxModels.model("sorting").calls()) {
                    outputs += call(loaded, call, arena);
                }
                assertEquals(3, outputs);
            } finally {
                ((AutoCloseable) loaded).close();
            }
        }
        ProcessorJar.Run other = ProcessorJar.run(List.of(), "describe", library.toString(),
                "--signature", RelaxModels.directory().resolve("mlp.sig.json").toString(),
                "--tvm-runtime", RelaxModels.sitePackages().toString());
        assertEquals(2, other.status(), other.output());
        assertTrue(other.output().contains("mlp.sig.json has no function 'best', which the"
                + " library holds: is it the signature of this export?"), other.output());
    }

    /**
     * The check that never goes stale: the library replaced by another after javac checked the
     * interface; the command line's {@code check} (what the Maven goal runs) names the method.
     */
    @Test
    void aReplacedLibraryFailsTheCheckOnTheMethod() throws Exception {
        Path library = Files.copy(RelaxModels.library("mlp"), dir.resolve("model.so"));
        Path src = dir.resolve("src");
        ProcessorJar.Run described = ProcessorJar.run(List.of(), "describe", library.toString(),
                "--package", "app",
                "--out", src.toString(), "--tvm-runtime", RelaxModels.sitePackages().toString());
        assertEquals(0, described.status(), described.output());
        Path classes = dir.resolve("classes");
        assertEquals("", javac(src, classes, library.toString()));
        assertTrue(Files.exists(classes.resolve("META-INF/tvmbind/checked-relax/app.Model"
                + ".properties")));
        // The command line's check finds TVM's runtime as the runtime does (here: -D).
        List<String> runtime = List.of("-Dtvmbind.tvmRuntime=" + RelaxModels.sitePackages());
        ProcessorJar.Run agrees = ProcessorJar.run(runtime, "check", "--classes",
                classes.toString());
        assertEquals(0, agrees.status(), agrees.output());
        Files.copy(RelaxModels.library("symbolic"), library,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        ProcessorJar.Run stale = ProcessorJar.run(runtime, "check", "--classes",
                classes.toString());
        assertEquals(1, stale.status(), stale.output());
        assertTrue(stale.output().contains("error: app.Model.forward: [tvmbind:"
                + "tvm-output-relax-function] Tensor forward(Tensor x): no Relax function"
                + " 'forward', in " + library + ", whose functions are add_one"), stale.output());
        // javac, given the new library, says it on the method.
        String errors = javac(src, dir.resolve("again"), library.toString());
        assertTrue(errors.contains("Model.java:") && errors.contains(
                "[tvmbind:tvm-output-relax-function]"), errors);
    }

    /**
     * A library whose constructor never returns, and one whose constructor crashes: the JVM that
     * reads it is stopped or dies, the build's JVM lives and says which.
     */
    @Test
    void hostileLibrariesGiveAnErrorWithinTheLimit() throws Exception {
        Path hangs = relaxLike(dir, "hangs", "for (;;) {}");
        Path crashes = relaxLike(dir, "crashes", "*(volatile int *) 0 = 1;");
        long start = System.nanoTime();
        ProcessorJar.Run hung = ProcessorJar.run(List.of("-Dtvmbind.probeTimeout=5"), "describe",
                hangs.toString(), "--tvm-runtime", RelaxModels.sitePackages().toString());
        assertEquals(2, hung.status(), hung.output());
        assertTrue(hung.output().contains("cannot read " + hangs + ": the JVM that loads it did"
                + " not finish within 5 s"), hung.output());
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(30));
        ProcessorJar.Run crashed = ProcessorJar.run(List.of(), "describe", crashes.toString(),
                "--tvm-runtime",
                RelaxModels.sitePackages().toString());
        assertEquals(2, crashed.status(), crashed.output());
        assertTrue(crashed.output().contains("cannot read " + crashes + ": the JVM that loads it"
                + " ended with status"), crashed.output());
        Path notElf = Files.writeString(dir.resolve("model.so"), "not a library");
        ProcessorJar.Run wrong = ProcessorJar.run(List.of(), "describe", notElf.toString());
        assertEquals(2, wrong.status(), wrong.output());
        assertTrue(wrong.output().contains(notElf.toString()) && !wrong.output().contains("TAR"),
                wrong.output());
        // javac: a keyed error, and javac (this JVM) lives on.
        Path src = dir.resolve("src");
        ChildJvm.write(src.resolve("app/Crashes.java"), """
                package app;

                import dev.tvmbind.TvmRelax;
                import dev.tvmbind.runtime.ffi.Tensor;

                @TvmRelax
                public interface Crashes {
                    Tensor forward(Tensor x);
                }
                """);
        String errors = javac(src, dir.resolve("classes"), crashes.toString());
        assertTrue(errors.contains("[tvmbind:tvm-output-unreadable] cannot read TVM output "
                + crashes + ": the JVM that loads it ended with status"), errors);
    }

    /** {@code two_functions} → {@code TwoFunctions}, as describe names a library's interface. */
    private static String upperCamel(String snake) {
        StringBuilder name = new StringBuilder();
        for (String part : snake.split("_")) {
            name.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
        }
        return name.toString();
    }

    /** {@code addOne} → {@code add_one}: the Relax function a method names. */
    private static String snake(String camel) {
        return camel.replaceAll("([A-Z])", "_$1").toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * A library that looks like a Relax one ({@code __tvm_ffi__library_bin}) whose constructor
     * runs {@code body}.
     */
    private static Path relaxLike(Path dir, String name, String body) throws Exception {
        Path source = ChildJvm.write(dir.resolve(name + ".c"), "const unsigned char"
                + " __tvm_ffi__library_bin[] = {0};\n__attribute__((constructor)) static void"
                + " hostile(void) { " + body + " }\n");
        Path library = dir.resolve(name + ".so");
        ChildJvm.run(List.of("gcc", "-shared", "-fPIC", "-o", library.toString(),
                source.toString()));
        return library;
    }

    /** Compiles with the processor jar, checking against {@code libraries}; its diagnostics. */
    private static String javac(Path src, Path classes, String libraries) throws Exception {
        List<String> args = new ArrayList<>(List.of("-d", Files.createDirectories(classes)
                .toString(), "-proc:full", "-processorpath", ProcessorJar.path().toString(),
                "-cp", ProcessorJar.runtimeClassPath(), "-Atvmbind.tvmOutput=" + libraries,
                "-Atvmbind.tvmRuntime=" + RelaxModels.sitePackages()));
        try (var files = Files.walk(src)) {
            files.filter(p -> p.toString().endsWith(".java")).forEach(p -> args.add(p.toString()));
        }
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        ToolProvider.getSystemJavaCompiler().run(null, output, output, args.toArray(String[]::new));
        return output.toString(StandardCharsets.UTF_8);
    }






}
