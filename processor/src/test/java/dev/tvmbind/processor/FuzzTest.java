package dev.tvmbind.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.tvmbind.processor.testing.Gcc;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.LifecycleContext;
import net.jqwik.api.lifecycle.SkipExecutionHook;
import net.jqwik.api.statistics.Statistics;

/**
 * Random model interfaces, valid and invalid: names with keywords of C and C++, reserved
 * patterns, non-ASCII letters, digits first, very long names, comment closers, quotes,
 * backslashes and line separators; random types, annotations and counts. Whatever comes in, the
 * processor never crashes, every rejected model gets a keyed error, and every accepted one has
 * a header gcc and g++ compile with warnings as errors and a binding javac compiles lint-free.
 */
class FuzzTest {
    private static final List<String> NAMES = List.of(
            "cat", "default", "ultimate_cat_spotter", "x", "model2_d", "a_b_c", "int", "class",
            "auto", "register", "restrict", "_x", "__x", "x__y", "x_", "Cat", "caté", "größe", "2d",
            "isx", "tom", "memory", "ethos", "sigma", "size_t", "get_t", "a*/b", "/*", "q\"uote",
            "back\\slash", "new\nline", "line\u2028sep", "x:0", "a::b", "serving_default_x:0",
            "StatefulPartitionedCall:0", "workspace", "tvm", "tvm_x", "tvmgen", "errno", "int32_t",
            "NULL", "true", "a".repeat(80), "", " ", "??/", "x\\", "run", "inputs");
    private static final List<String> JAVA_NAMES = List.of(
            "run", "setInput", "getHTTPStatus", "x", "größe", "$x", "_x", "x2D", "register", "auto",
            "union", "signed", "errno", "int32_t", "value", "data", "size_t", "inputs", "SCRATCH",
            "memory", "address", "scratch", "status", "e", "result", "handles", "load", "link");
    private static final List<String> PARAM_TYPES = List.of(
            "int", "long", "byte", "short", "float", "double", "boolean", "char", "MemorySegment",
            "String", "int[]", "float[]", "double[]", "byte[]", "char[]", "boolean[]", "Object",
            "java.util.List<String>");
    private static final List<String> RETURN_TYPES = List.of(
            "void", "int", "long", "boolean", "char", "double", "MemorySegment", "String", "float[]");
    private static final List<String> TENSOR_TYPES = List.of("MemorySegment", "float[]", "byte[]",
            "int[]", "int", "String");
    /** Names of what bindings use: classes, their packages, the binding's own fields. */
    private static final List<String> BINDING_NAMES = List.of(
            "java", "dev", "javax", "com", "String", "MemorySegment", "ValueLayout", "Objects",
            "Scratch", "ScratchPool", "BindingSupport", "MethodHandles", "MethodHandle",
            "FunctionDescriptor", "Linkage", "TensorArgument", "TensorInfo", "ModelInfo", "Path",
            "SymbolLookup", "Override", "Throwable", "Generated", "TvmException", "SCRATCH", "INFO",
            "HEADER", "LINKAGE", "SYMBOL_RUN", "HANDLE_RUN", "ModelProvider", "Provider", "Linking",
            "Arguments", "ArrayCopies", "Foreign", "Linker", "TvmFunction", "Linked", "Copies");
    private static final List<String> ROLES = List.of("Input", "Output", "WorkspacePool", "Device");

    /** CI's seed: a build fails for a change, never for the draw. */
    private static final String SEED = "20261203";
    private static final String EXPLORE = "tvmbind.fuzz.explore";

    /** Runs the property with a new seed only when {@code -Dtvmbind.fuzz.explore=true}. */
    public static final class WhenExploring implements SkipExecutionHook {
        @Override
        public SkipResult shouldBeSkipped(LifecycleContext context) {
            return Boolean.getBoolean(EXPLORE) ? SkipResult.doNotSkip()
                    : SkipResult.skip("a new seed only with -D" + EXPLORE + "=true");
        }
    }

    @Property(seed = SEED)
    @net.jqwik.api.statistics.StatisticsReport(onFailureOnly = false)
    void processorNeverCrashesAndWhatItAcceptsCompiles(@ForAll("compilations") List<String> models)
            throws IOException {
        check(models);
    }

    @Property
    @AddLifecycleHook(WhenExploring.class)
    void withANewSeed(@ForAll("compilations") List<String> models) throws IOException {
        check(models);
    }

    /**
     * Random {@code @TvmFfi} interfaces: every type of the table, nested, callbacks, globals,
     * exported names from {@link #NAMES}, members and parameters named like what an FFI binding
     * writes. The same verdicts; their headers need tvm-ffi's, which {@code FfiHeaderTest}
     * compiles.
     */
    @Property(seed = SEED, tries = 200)
    void ffiInterfacesToo(@ForAll("ffiCompilations") List<String> interfaces) throws IOException {
        checkJava(interfaces);
    }

    @Property(tries = 500)
    @AddLifecycleHook(WhenExploring.class)
    void ffiWithANewSeed(@ForAll("ffiCompilations") List<String> interfaces) throws IOException {
        checkJava(interfaces);
    }

    private static final List<String> FFI_TYPES = List.of("long", "int", "short", "byte",
            "double", "float", "boolean", "String", "MemorySegment", "Tensor", "long[]", "byte[]",
            "java.math.BigInteger", "Object", "dev.tvmbind.runtime.ffi.FfiObject",
            "dev.tvmbind.runtime.ffi.FfiModule",
            "dev.tvmbind.runtime.ffi.DLDevice", "dev.tvmbind.runtime.ffi.DLDataType", "Op",
            "char", "int[]", "Thread");
    private static final List<String> FFI_HELD = List.of("Long", "Integer", "String", "Tensor",
            "Double", "Boolean", "long[]", "Object", "java.math.BigInteger", "Op", "Character");
    /** Names of what FFI bindings write: classes, package roots, fields, locals. */
    private static final List<String> FFI_NAMES = List.of("dev", "java", "FfiValues", "Scratch",
            "FfiContainer", "FfiCallback", "FfiType", "FfiFunctionContract", "MemorySegment",
            "Tensor", "Optional", "List", "Map", "FFI", "SCRATCH", "LINKAGE", "FUNCTIONS", "INFO",
            "SYMBOL_M0_", "HANDLE_M0_", "TYPE_LIST_LONG", "frame", "scratch", "at", "status", "e",
            "Reference", "Utf8", "Arguments", "Linked", "Contract", "Foreign");

    @Provide
    Arbitrary<List<String>> ffiCompilations() {
        return ffiInterface().list().ofMinSize(1).ofMaxSize(2).map(FuzzTest::numbered);
    }

    private Arbitrary<String> ffiInterface() {
        Arbitrary<String> type = Arbitraries.oneOf(Arbitraries.of(FFI_TYPES),
                Arbitraries.of(FFI_HELD).map(t -> "java.util.List<" + t + ">"),
                Arbitraries.of(FFI_HELD).map(t -> "java.util.Optional<" + t + ">"),
                Combinators.combine(Arbitraries.of(FFI_HELD), Arbitraries.of(FFI_HELD))
                        .as((k, v) -> "java.util.Map<" + k + ", java.util.List<" + v + ">>"));
        Arbitrary<String> name = Arbitraries.oneOf(Arbitraries.of(JAVA_NAMES),
                Arbitraries.of(FFI_NAMES));
        Arbitrary<List<String>> params = Combinators.combine(type, name)
                .as((t, n) -> (t.equals("Tensor") && n.length() % 2 == 0 ? "@TvmFfi.Owned " : "")
                        + t + " " + n).list().ofMaxSize(4).map(FuzzTest::distinctNames);
        Arbitrary<String> naming = Arbitraries.oneOf(Arbitraries.just(""),
                Arbitraries.of(NAMES).map(n -> "@EntryPoint(" + literal(n) + ")"),
                Arbitraries.of(NAMES).map(n -> "@Global(" + literal(n) + ")"));
        Arbitrary<String> method = Combinators.combine(naming, Arbitraries.oneOf(type,
                Arbitraries.just("void")), name, params)
                .as((a, r, n, p) -> "    " + a + " " + r + " METHOD" + n + "("
                        + String.join(", ", p) + ");");
        Arbitrary<List<String>> members = Combinators.combine(Arbitraries.of(FFI_NAMES),
                        Arbitraries.of("    int %s = 1;", "    interface %s {}"))
                .as((n, form) -> String.format(form, n)).list().ofMaxSize(3)
                .map(list -> List.copyOf(new LinkedHashSet<>(list)));
        return Combinators.combine(method.list().ofMaxSize(5), members).as((m, fields) -> {
            StringBuilder source = new StringBuilder("package fuzz;\n\nimport dev.tvmbind.*;\n"
                    + "import dev.tvmbind.runtime.ffi.Tensor;\n"
                    + "import java.lang.foreign.MemorySegment;\n\n@TvmFfi\ninterface M {\n"
                    + "    @TvmFfi.Callback interface Op { long call(long x, String s); }\n");
            fields.forEach(field -> source.append(field).append('\n'));
            for (int i = 0; i < m.size(); i++) {
                source.append(m.get(i).replace("METHOD", "m" + i + "_")).append('\n');
            }
            return source.append("}\n").toString();
        });
    }

    private void check(List<String> models) throws IOException {
        Compilation compilation = checkJava(models);
        if (compilation.status() == Compilation.Status.SUCCESS) {
            checkHeadersCompile(compilation, String.join("\n", models));
        }
    }

    /**
     * Compiles the sources: nothing crashes, every error stands on a line of theirs, and what is
     * accepted compiles lint-free.
     */
    private Compilation checkJava(List<String> models) {
        List<JavaFileObject> sources = new ArrayList<>();
        for (int i = 0; i < models.size(); i++) {
            sources.add(JavaFileObjects.forSourceString("fuzz.M" + i, models.get(i)));
        }
        Compilation compilation = Sources.compile(List.of("-Xlint:all,-processing"),
                sources.toArray(JavaFileObject[]::new));
        Statistics.collect(compilation.status() == Compilation.Status.SUCCESS ? "accepted" : "rejected");
        // Not vacuous: enough accepted models reach gcc (about 15 % of them in practice).
        Statistics.coverage(checker -> checker.check("accepted").percentage(p -> p >= 5));
        String all = messages(compilation.diagnostics());
        assertTrue(!all.contains("[tvmbind:internal-error]"), all);
        if (compilation.status() == Compilation.Status.FAILURE) {
            // Every error stands on a line of a model (tvmbind's, or javac's on the user's own
            // code, as with a member type 'java' beside java.util.List): none in a binding.
            for (Diagnostic<? extends JavaFileObject> error : compilation.errors()) {
                assertTrue(sources.contains(error.getSource()) && error.getLineNumber() > 0,
                        "an error on a model's line:\n" + all + "\n" + String.join("\n", models));
            }
            return compilation;
        }
        for (Diagnostic<? extends JavaFileObject> warning : compilation.warnings()) {
            assertTrue(message(warning).startsWith("[tvmbind:"), "no lint warning: "
                    + message(warning) + "\n" + String.join("\n", models));
        }
        return compilation;
    }

    private static void checkHeadersCompile(Compilation compilation, String models) throws IOException {
        Path dir = Files.createTempDirectory("tvmbind-fuzz");
        StringBuilder unit = new StringBuilder();
        for (JavaFileObject file : compilation.generatedFiles()) {
            String name = file.getName().substring(file.getName().lastIndexOf('/') + 1);
            if (!name.endsWith(".h")) {
                continue;
            }
            try (InputStream in = file.openInputStream()) {
                Files.write(dir.resolve(name), in.readAllBytes());
            }
            unit.append("#include \"").append(name).append("\"\n");
        }
        for (String standard : List.of("c11", "c++17")) {
            Path source = Files.writeString(dir.resolve(standard.startsWith("c++") ? "all.cc" : "all.c"),
                    unit);
            Gcc.Result result = Gcc.check(dir, standard, source);
            assertEquals(0, result.exitCode(), standard + ":\n" + result.output() + "\n" + models);
        }
    }

    @Provide
    Arbitrary<List<String>> compilations() {
        return model().list().ofMinSize(1).ofMaxSize(3).map(FuzzTest::numbered);
    }

    /** Gives each model source its interface name {@code M<i>}. */
    private static List<String> numbered(List<String> models) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < models.size(); i++) {
            out.add(models.get(i).replace("interface M ", "interface M" + i + " "));
        }
        return out;
    }

    private Arbitrary<String> model() {
        Arbitrary<String> annotation = Combinators.combine(
                optionalName("name"), optionalName("prefix"),
                Arbitraries.of("", ", workspaceSize = 1024", ", workspaceSize = -1"))
                .as((name, prefix, size) -> "@TvmModel(" + String.join(", ", nonEmpty(name, prefix))
                        + (name.isEmpty() && prefix.isEmpty() ? size.replaceFirst("^, ", "") : size) + ")");
        Arbitrary<List<String>> methods = Arbitraries.oneOf(plainMethod(), tensorMethod())
                .list().ofMaxSize(5);
        Arbitrary<String> suppress = Arbitraries.of("", "@SuppressWarnings(\"tvmbind\")");
        // Constants and member types named like what the binding names: they hide it there.
        Arbitrary<List<String>> members = Combinators.combine(Arbitraries.of(BINDING_NAMES),
                        Arbitraries.of("    int %s = 1;", "    class %s {}"))
                .as((name, form) -> String.format(form, name)).list().ofMaxSize(3)
                .map(list -> List.copyOf(new LinkedHashSet<>(list)));
        return Combinators.combine(annotation, methods, suppress, members).as((a, m, s, fields) -> {
            StringBuilder source = new StringBuilder("package fuzz;\n\nimport dev.tvmbind.*;\n"
                    + "import java.lang.foreign.MemorySegment;\n\n" + s + "\n" + a + "\ninterface M {\n");
            fields.forEach(field -> source.append(field).append('\n'));
            for (int i = 0; i < m.size(); i++) {
                source.append(m.get(i).replace("METHOD", "m" + i + "_")).append('\n');
            }
            return source.append("}\n").toString();
        });
    }

    private static List<String> nonEmpty(String... parts) {
        return java.util.Arrays.stream(parts).filter(p -> !p.isEmpty()).toList();
    }

    private static Arbitrary<String> optionalName(String member) {
        return Arbitraries.oneOf(Arbitraries.just(""),
                Arbitraries.of(NAMES).map(n -> member + " = " + literal(n)));
    }

    private Arbitrary<String> plainMethod() {
        Arbitrary<List<String>> params = Combinators.combine(Arbitraries.of(PARAM_TYPES), Arbitraries.of(JAVA_NAMES))
                .as((type, name) -> type + " " + name).list().ofMaxSize(4).map(FuzzTest::distinctNames);
        return Combinators.combine(doc(), entryPoint(), Arbitraries.of(RETURN_TYPES),
                        Arbitraries.of(JAVA_NAMES), params, Arbitraries.of("", "..."))
                .as((doc, annotation, result, name, list, varargs) -> {
                    String joined = String.join(", ", list);
                    if (!varargs.isEmpty() && !list.isEmpty() && !list.getLast().contains("<")) {
                        joined = joined.replaceFirst("(\\S+) (\\S+)$", "$1... $2").replace("[]...", "[]");
                    }
                    return doc + "    " + annotation + " " + result + " METHOD" + name + "(" + joined + ");";
                });
    }

    private Arbitrary<String> tensorMethod() {
        Arbitrary<String> size = Arbitraries.of("", ", size = 4", ", size = 1024", ", size = -4");
        Arbitrary<String> tensor = Combinators.combine(Arbitraries.of(ROLES), Arbitraries.of(NAMES), size,
                        Arbitraries.of(TENSOR_TYPES), Arbitraries.of(JAVA_NAMES))
                .as((role, name, bytes, type, javaName) -> "@" + role + "(value = " + literal(name)
                        + (role.equals("Device") ? "" : bytes) + ") " + type + " " + javaName);
        return Combinators.combine(entryPoint(), Arbitraries.of("int", "void", "long"),
                        tensor.list().ofMinSize(1).ofMaxSize(5).map(FuzzTest::distinctNames))
                .as((annotation, result, list) -> "    " + annotation + " " + result + " METHODrun("
                        + String.join(", ", list) + ");");
    }

    private static Arbitrary<String> entryPoint() {
        return Arbitraries.oneOf(Arbitraries.of("@EntryPoint", "@EntryPoint(critical = true)"),
                Arbitraries.of(NAMES).map(n -> "@EntryPoint(" + literal(n) + ")"));
    }

    private static Arbitrary<String> doc() {
        return Arbitraries.of("", "    /** Adds. */\n", "    /** Reads a/*b ??= c \\ */\n",
                "    /**\n     * Grüße, 世界.\n     * @param x the value\n     * @return 0\n     */\n");
    }

    /** Keeps the first parameter of each Java name: javac refuses duplicates before we see them. */
    private static List<String> distinctNames(List<String> params) {
        Set<String> seen = new LinkedHashSet<>();
        List<String> out = new ArrayList<>();
        for (String param : params) {
            if (seen.add(param.substring(param.lastIndexOf(' ') + 1))) {
                out.add(param);
            }
        }
        return out;
    }

    /** A Java string literal for any text. */
    private static String literal(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                default -> out.append(c < 0x20 || c > 0x7e ? String.format("\\u%04x", (int) c) : c);
            }
        }
        return out.append('"').toString();
    }

    private static String messages(List<Diagnostic<? extends JavaFileObject>> diagnostics) {
        StringBuilder out = new StringBuilder();
        diagnostics.forEach(d -> out.append(d.getKind()).append(": ").append(message(d)).append('\n'));
        return out.toString();
    }

    private static String message(Diagnostic<? extends JavaFileObject> diagnostic) {
        return diagnostic.getMessage(Locale.ROOT);
    }
}
