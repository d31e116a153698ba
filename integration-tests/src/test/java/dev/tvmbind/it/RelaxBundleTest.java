package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.contract.Platform;
import dev.tvmbind.runtime.relax.RelaxBundle;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Relax model and TVM's runtime shipped in the application jar (the processor jar's {@code
 * bundle}, what the Maven goal {@code relax-bundle} runs), run by a JVM whose PATH, HOME and
 * library path hold neither Python nor TVM and which is given no tvmbind property or variable:
 * argsort, topk (TVM's runtime_extra) and the MLP give TVM's bytes, and no copy of a library is
 * left behind. A jar whose model was altered, or a machine older than the wheels need, is one
 * error naming the jar entry.
 */
class RelaxBundleTest {
    /** The sorting bundle's folder in the jar. */
    private static final String FOLDER = "native/" + Platform.current() + "/relax/sorting/";

    @TempDir
    static Path dir;
    private static Path app;

    @BeforeAll
    static void application() throws Exception {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        for (String model : List.of("sorting", "mlp")) {
            ProcessorJar.Run bundled = ProcessorJar.run(List.of(), "bundle",
                    RelaxModels.library(model).toString(),
                    "--tvm-runtime", RelaxModels.sitePackages().toString(), "--out",
                    classes.toString());
            assertEquals(0, bundled.status(), bundled.output());
        }
        Path src = dir.resolve("src");
        ChildJvm.write(src.resolve("app/Sorting.java"), """
                package app;

                import dev.tvmbind.TvmRelax;
                import dev.tvmbind.runtime.ffi.Tensor;
                import java.util.List;

                @TvmRelax
                public interface Sorting extends AutoCloseable {
                    Tensor order(Tensor x);

                    List<Tensor> best(Tensor x);

                    @Override
                    void close();
                }
                """);
        ChildJvm.write(src.resolve("app/Mlp.java"), """
                package app;

                import dev.tvmbind.TvmRelax;
                import dev.tvmbind.runtime.ffi.Tensor;

                @TvmRelax
                public interface Mlp extends AutoCloseable {
                    Tensor forward(Tensor x);

                    @Override
                    void close();
                }
                """);
        ChildJvm.write(src.resolve("app/Main.java"), """
                package app;

                import dev.tvmbind.DType;
                import dev.tvmbind.runtime.ffi.Tensor;
                import dev.tvmbind.runtime.relax.RelaxBundle;
                import java.lang.foreign.Arena;
                import java.lang.foreign.ValueLayout;
                import java.nio.file.Files;
                import java.nio.file.Path;
                import java.util.ArrayList;
                import java.util.HexFormat;
                import java.util.List;
                import java.util.concurrent.ExecutorService;
                import java.util.concurrent.Executors;
                import java.util.concurrent.Future;

                /**
                 * Prints each output's bytes in hex, how many of eight concurrent loads agree
                 * with the lone one, then the libraries left in tmpdir.
                 */
                public final class Main {
                    public static void main(String[] args) throws Exception {
                        try (Arena arena = Arena.ofConfined();
                                Sorting sorting = SortingBinding.load(RelaxBundle.extract("sorting"));
                                Mlp mlp = MlpBinding.load(RelaxBundle.extract("mlp"))) {
                            String lone = print(sorting.order(input(arena, args[0], 6)));
                            sorting.best(input(arena, args[1], 6)).forEach(t -> print(t));
                            print(mlp.forward(input(arena, args[2], 2, 784)));
                            // Eight extractions and loads at once, each compared with the lone one.
                            try (ExecutorService pool = Executors.newFixedThreadPool(4)) {
                                List<Future<Boolean>> same = new ArrayList<>();
                                for (int i = 0; i < 8; i++) {
                                    same.add(pool.submit(() -> {
                                        try (Sorting own = SortingBinding.load(
                                                RelaxBundle.extract("sorting"));
                                                Arena mine = Arena.ofConfined()) {
                                            return lone.equals(hex(own.order(
                                                    input(mine, args[0], 6))));
                                        }
                                    }));
                                }
                                int agree = 0;
                                for (Future<Boolean> result : same) {
                                    agree += result.get() ? 1 : 0;
                                }
                                System.out.println("threads: " + agree + " of 8 agree");
                            }
                            try (var left = Files.walk(Path.of(System.getProperty("java.io.tmpdir")))) {
                                System.out.println("left: " + left.filter(p -> p.toString()
                                        .endsWith(".so")).toList());
                            }
                        }
                    }

                    private static Tensor input(Arena arena, String file, long... shape)
                            throws Exception {
                        byte[] bytes = Files.readAllBytes(Path.of(file));
                        return Tensor.of(arena.allocateFrom(ValueLayout.JAVA_BYTE, bytes),
                                DType.FLOAT32, shape);
                    }

                    private static String print(Tensor tensor) {
                        String hex = hex(tensor);
                        System.out.println(hex);
                        return hex;
                    }

                    private static String hex(Tensor tensor) {
                        return HexFormat.of().formatHex(tensor.data()
                                .toArray(ValueLayout.JAVA_BYTE));
                    }
                }
                """);
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-proc:full",
                "-processorpath", ProcessorJar.path().toString(), "-cp",
                ProcessorJar.runtimeClassPath()));
        try (Stream<Path> files = Files.walk(src)) {
            files.filter(p -> p.toString().endsWith(".java")).forEach(p -> args.add(p.toString()));
        }
        ByteArrayOutputStream javac = new ByteArrayOutputStream();
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, javac, javac,
                args.toArray(String[]::new)), javac.toString(StandardCharsets.UTF_8));
        app = jar(classes, dir.resolve("app.jar"));
    }

    @Test
    void theJarRunsWithoutPythonOrTvmAndLeavesNothing() throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp-run"));
        ProcessorJar.Run run = run(app, tmp);
        assertEquals(0, run.status(), run.output());
        List<String> expected = new ArrayList<>();
        for (String model : List.of("sorting", "mlp")) {
            for (RelaxModels.Call call : RelaxModels.model(model).calls().subList(0, model.equals(
                    "mlp") ? 1 : 2)) {
                for (RelaxModels.Described output : call.outputs()) {
                    expected.add(HexFormat.of().formatHex(RelaxModels.bytes(output)));
                }
            }
        }
        expected.add("threads: 8 of 8 agree");
        expected.add("left: []");
        assertEquals(expected, run.output().strip().lines().toList());
        try (Stream<Path> left = Files.list(tmp)) {
            assertEquals(List.of(), left.toList(), "the JVM left its private folder");
        }
    }

    @Test
    void aNameIsNoPathAndAnAbsentBundleIsNamed() {
        IllegalArgumentException path = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> RelaxBundle.extract("../mlp"));
        assertTrue(path.getMessage().startsWith("'../mlp' is not a bundle's name"),
                path.getMessage());
        UnsatisfiedLinkError absent = org.junit.jupiter.api.Assertions.assertThrows(
                UnsatisfiedLinkError.class, () -> RelaxBundle.extract("mlp"));
        assertTrue(absent.getMessage().startsWith("the class path has no Relax bundle native/"
                + Platform.current() + "/relax/mlp/ for this platform"), absent.getMessage());
    }

    @Test
    void anAlteredModelIsRefusedNamingTheEntry() throws Exception {
        Path altered = alteredJar("model.so");
        ProcessorJar.Run run = run(altered, Files.createDirectories(dir.resolve("tmp-altered")));
        assertTrue(run.output().contains("UnreadableLibraryError: " + FOLDER + "model.so is not"
                + " the file the bundle lists:"), run.output());
        assertTrue(run.status() != 0, run.output());
    }

    @Test
    void aMachineOlderThanTheWheelsNeedIsRefused() throws Exception {
        Path classes = dir.resolve("classes-future");
        copyTree(dir.resolve("classes"), classes);
        Path list = classes.resolve(FOLDER + "bundle.properties");
        Files.writeString(list, Files.readString(list).replaceFirst("glibc=[0-9.]*", "glibc=99.0"));
        Path future = jar(classes, dir.resolve("future.jar"));
        ProcessorJar.Run run = run(future, Files.createDirectories(dir.resolve("tmp-future")));
        assertTrue(run.output().contains(FOLDER + " holds TVM's runtime"
                + " built for glibc 99.0 or newer; this machine has glibc 2."), run.output());
    }

    /** Runs the application alone: a PATH, HOME and environment without Python, TVM or tvmbind. */
    private static ProcessorJar.Run run(Path jar, Path tmp) throws Exception {
        RelaxModels.Model sorting = RelaxModels.model("sorting");
        RelaxModels.Model mlp = RelaxModels.model("mlp");
        ProcessBuilder builder = new ProcessBuilder(ChildJvm.java(),
                "--enable-native-access=ALL-UNNAMED", "-Djava.io.tmpdir=" + tmp, "-cp",
                jar + File.pathSeparator + ProcessorJar.runtimeClassPath(), "app.Main",
                input(sorting, 0), input(sorting, 1), input(mlp, 0));
        Map<String, String> environment = builder.environment();
        environment.clear();
        environment.put("PATH", "/usr/bin:/bin");
        environment.put("HOME", Files.createDirectories(tmp.resolveSibling(tmp.getFileName()
                + "-home")).toString());
        Process process = builder.redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), output);
        return new ProcessorJar.Run(process.exitValue(), output);
    }

    private static String input(RelaxModels.Model model, int call) throws Exception {
        return RelaxModels.directory().resolve(model.calls().get(call).inputs().get(0).file())
                .toString();
    }






    private static Path jar(Path classes, Path jar) throws IOException {
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file);
                Stream<Path> files = Files.walk(classes)) {
            for (Path path : files.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(path).toString()));
                Files.copy(path, out);
                out.closeEntry();
            }
        }
        return jar;
    }

    /** The application with one byte flipped in the middle of the sorting bundle's {@code file}. */
    private static Path alteredJar(String file) throws IOException {
        Path classes = dir.resolve("classes-altered");
        copyTree(dir.resolve("classes"), classes);
        Path model = classes.resolve(FOLDER + file);
        byte[] bytes = Files.readAllBytes(model);
        bytes[bytes.length / 2] ^= 1;
        Files.write(model, bytes);
        return jar(classes, dir.resolve("altered.jar"));
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path path : files.toList()) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target);
                }
            }
        }
    }
}
