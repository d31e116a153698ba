package dev.tvmbind.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.annotations.Benchmark;

/** Runs every benchmark a few times and checks its result, so that the benchmarks cannot rot. */
class BenchmarksSmokeTest {
    @Test
    void everyCallBenchmarkComputesTheRightResult() throws Exception {
        CallBenchmarks benchmarks = new CallBenchmarks();
        benchmarks.setUp();
        float[] sums = new float[Bench.FLOATS];
        for (int i = 0; i < sums.length; i++) {
            sums[i] = 3 * i;
        }
        List<String> run = new ArrayList<>();
        for (Method method : CallBenchmarks.class.getDeclaredMethods()) {
            if (!method.isAnnotationPresent(Benchmark.class)) {
                continue;
            }
            for (int repeat = 0; repeat < 3; repeat++) {
                java.util.Arrays.fill(benchmarks.fout, -1);
                benchmarks.sout.fill((byte) 0);
                Object result = method.invoke(benchmarks);
                String function = method.getName().substring(0, method.getName().indexOf('_'));
                switch (function) {
                    case "add" -> assertEquals(42, result, method.getName());
                    case "answer" -> assertEquals(42, result, method.getName());
                    case "runSegments" -> {
                        assertEquals(0, result, method.getName());
                        assertArrayEquals(sums, benchmarks.sout.toArray(
                                java.lang.foreign.ValueLayout.JAVA_FLOAT), method.getName());
                    }
                    case "runArrays" -> {
                        assertEquals(0, result, method.getName());
                        assertArrayEquals(sums, benchmarks.fout, method.getName());
                    }
                    case "vectorAdd" -> assertArrayEquals(sums, (float[]) result, method.getName());
                    default -> throw new AssertionError("no check for " + method.getName());
                }
            }
            run.add(method.getName());
        }
        assertEquals(23, run.size(), run.toString());
    }

    /** TVM's FFI, generated and hand-written, against the pinned apache-tvm-ffi wheel. */
    @Test
    void everyFfiBenchmarkComputesTheRightResult(@TempDir Path dir) throws Throwable {
        Path install = dev.tvmbind.check.testing.TvmFfi.installed();
        Path library = dir.resolve("libffi_bench.so");
        assertEquals(0, new ProcessBuilder("g++", "-std=c++17", "-O2", "-shared", "-fPIC",
                "-isystem", install.resolve("include").toString(), "-L",
                install.resolve("lib").toString(), "-Wl,-rpath," + install.resolve("lib"), "-o",
                library.toString(), "src/main/ffi/ffi_bench.cc", "-ltvm_ffi").inheritIO().start()
                .waitFor());
        System.setProperty("bench.ffi", library.toString());
        FfiBenchmarks benchmarks = new FfiBenchmarks();
        benchmarks.setUp();
        List<String> run = new ArrayList<>();
        for (Method method : FfiBenchmarks.class.getDeclaredMethods()) {
            if (!method.isAnnotationPresent(Benchmark.class)) {
                continue;
            }
            for (int repeat = 0; repeat < 3; repeat++) {
                benchmarks.out.fill((byte) 0);
                Object result = method.invoke(benchmarks);
                switch (method.getName().substring(0, method.getName().indexOf('_'))) {
                    case "addInts" -> assertEquals(42L, result, method.getName());
                    case "length" -> assertEquals(14L, result, method.getName());
                    case "address" -> assertEquals(benchmarks.out.address(), result,
                            method.getName());
                    case "rows" -> assertEquals((long) FfiBench.FLOATS, result,
                            method.getName());
                    case "addOne" -> assertEquals(1024f, benchmarks.out.getAtIndex(
                            java.lang.foreign.ValueLayout.JAVA_FLOAT, 1023), method.getName());
                    default -> throw new AssertionError("no check for " + method.getName());
                }
            }
            run.add(method.getName());
        }
        assertEquals(11, run.size(), run.toString());
        FfiObjectBenchmarks objects = new FfiObjectBenchmarks();
        objects.setUp();
        List<String> objectRun = new ArrayList<>();
        for (Method method : FfiObjectBenchmarks.class.getDeclaredMethods()) {
            if (method.isAnnotationPresent(Benchmark.class)) {
                for (int repeat = 0; repeat < 3; repeat++) {
                    assertEquals(method.getName().startsWith("firstOr") ? 3L : 42L,
                            method.invoke(objects), method.getName());
                }
                objectRun.add(method.getName());
            }
        }
        assertEquals(5, objectRun.size(), objectRun.toString());
        FfiTensorBenchmarks tensors = new FfiTensorBenchmarks();
        tensors.idleThreads = 2;
        tensors.setUp();
        try {
            for (int repeat = 0; repeat < 3; repeat++) {
                assertEquals(1f, tensors.ramp_generated());
                assertEquals(1f, tensors.ramp_unchecked());
                assertEquals(1f, tensors.ramp_handWritten());
            }
        } finally {
            tensors.tearDown();
        }
        FfiMapBenchmarks maps = new FfiMapBenchmarks();
        maps.entries = 1_000;
        java.util.Map<String, Long> map = maps.makeMap_generated();
        assertEquals(1_000, map.size());
        assertEquals(999L, map.get("k999"));
        assertEquals(72L, maps.makeMap_unread()); // ffi.Map
    }

    /**
     * The Relax benchmarks over libraries the pinned apache-tvm exports
     * ({@code relax_bench_models.py}): {@code add} of four ones gives two, the MLP's first logit
     * is the same from one VM and from the two-VM module, every benchmark method runs.
     */
    @Test
    void everyRelaxBenchmarkComputesTheRightResult(@TempDir Path dir) throws Throwable {
        Path environment = dev.tvmbind.check.testing.Wheels.environment(
                dev.tvmbind.check.testing.Wheels.Pins.CURRENT);
        assertEquals(0, new ProcessBuilder(dev.tvmbind.check.testing.Wheels.python(environment)
                .toString(), "src/main/relax/relax_bench_models.py", dir.toString()).inheritIO()
                .start().waitFor());
        System.setProperty("bench.relax", dir.toString());
        System.setProperty("tvmbind.tvmRuntime", dev.tvmbind.check.testing.Wheels.tvm()
                .getParent().toString());
        RelaxBenchmarks relax = new RelaxBenchmarks();
        relax.setUp();
        RelaxParallelBenchmarks parallel = new RelaxParallelBenchmarks();
        parallel.setUp();
        RelaxParallelBenchmarks.Input input = new RelaxParallelBenchmarks.Input();
        input.setUp();
        try {
            for (int repeat = 0; repeat < 3; repeat++) {
                assertEquals(2f, relax.tiny_module());
                assertEquals(2f, relax.tiny_moduleUnchecked());
                assertEquals(2f, relax.tiny_leasedVm());
                assertEquals(2f, relax.tiny_typed());
                assertEquals(2f, relax.tiny_typedUnchecked());
                float logit = relax.mlp_module();
                assertTrue(Float.isFinite(logit) && logit != 0, "logit " + logit);
                assertEquals(logit, parallel.twoVms_oneThread(input));
                assertEquals(logit, parallel.twoVms_twoThreads(input));
            }
        } finally {
            parallel.tearDown();
            relax.tearDown();
        }
    }

    /** The real model gives the binding what it gives C; skipped without the fixture. */
    @Test
    void theRealModelBenchmarkComputesWhatCComputes(@TempDir Path dir) throws Exception {
        // shared/ lies beside the repository (CI lays it there), or -Dtvmbind.tvmMlf points at it.
        Path aww = Path.of(System.getProperty("tvmbind.tvmMlf", "../../shared/tvm-mlf"), "aww/mlf")
                .toAbsolutePath().normalize();
        String absent = aww + " is absent: lay shared/ beside the repository or point"
                + " -Dtvmbind.tvmMlf at shared/tvm-mlf";
        if (System.getenv("TVMBIND_REQUIRE_FIXTURES") != null) {
            assertTrue(Files.isDirectory(aww), absent + " (TVMBIND_REQUIRE_FIXTURES is set)");
        }
        assumeTrue(Files.isDirectory(aww), absent);
        List<String> sources = new ArrayList<>();
        try (Stream<Path> files = Files.list(aww.resolve("codegen/host/src"))) {
            files.map(Path::toString).filter(f -> f.endsWith(".c")).sorted().forEach(sources::add);
        }
        Path library = dir.resolve("libaww.so");
        List<String> gccLibrary = new ArrayList<>(List.of("gcc", "-O2", "-shared", "-fPIC", "-I",
                aww.resolve("codegen/host/include").toString(), "-I", aww.resolve("runtime/include")
                        .toString(), "-o", library.toString()));
        gccLibrary.addAll(sources);
        gccLibrary.add("-lm");
        run(dir, gccLibrary);
        run(dir, List.of("gcc", "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-I",
                aww.resolve("codegen/host/include").toString(), "-o", "aww_loop",
                Path.of("src/main/c/aww_loop.c").toAbsolutePath().toString(), "-L" + dir, "-laww",
                "-Wl,-rpath," + dir));
        String printed = run(dir, List.of(dir.resolve("aww_loop").toString(), "1"));
        String scores = printed.lines().filter(l -> l.startsWith("scores ")).findFirst().orElseThrow();
        System.setProperty("bench.aww", library.toString());
        RealModelBenchmarks benchmark = new RealModelBenchmarks();
        benchmark.setUp();
        byte[] fromJava = benchmark.aww_generated();
        StringBuilder java = new StringBuilder("scores");
        for (byte score : fromJava) {
            java.append(' ').append(score);
        }
        assertEquals(scores, java.toString());

        // The parallel benchmarks' three paths give the same scores as C.
        ParallelBenchmarks.Shared shared = new ParallelBenchmarks.Shared();
        shared.setUp();
        try {
            ParallelBenchmarks parallel = new ParallelBenchmarks();
            ParallelBenchmarks.Arrays arrays = new ParallelBenchmarks.Arrays();
            assertArrayEquals(fromJava, parallel.oneThread(shared, arrays).clone());
            assertArrayEquals(fromJava, parallel.twoThreadsOneLibrary(shared, arrays).clone());
            assertArrayEquals(fromJava, parallel.twoThreadsTwoCopies(shared, arrays).clone());
        } finally {
            shared.tearDown();
        }
    }

    private static String run(Path dir, List<String> command) throws Exception {
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .start();
        String output = new String(process.getInputStream().readAllBytes());
        assertEquals(0, process.waitFor(), command + "\n" + output);
        return output;
    }

    @Test
    void processorBenchModelsCompileWithTheProcessor(@TempDir Path dir) throws Exception {
        List<Path> sources = ProcessorBench.writeModels(dir.resolve("src"), 3);
        Path generated = compile(dir, "tvmbind", sources, "-Xlint:all,-processing", "-Werror");
        for (int m = 0; m < 3; m++) {
            assertTrue(Files.exists(generated.resolve("tvmgen_model_" + m + ".h")), "header " + m);
            assertTrue(Files.exists(dir.resolve("tvmbind-classes/bench/models/Model" + m + "Binding.class")),
                    "binding " + m);
        }
        // What the processor made of the generated models: each has its tensor entry point.
        assertTrue(Files.readString(generated.resolve("tvmgen_model_0.h"))
                .contains("int32_t tvmgen_model_0_run(\n"), "model 0's header declares its run");
    }

    @Test
    void replayProcessorWritesWhatTvmbindWrote(@TempDir Path dir) throws Exception {
        List<Path> sources = ProcessorBench.writeModels(dir.resolve("src"), 3);
        Path generated = compile(dir, "tvmbind", sources);
        Path replayed = compile(dir, "replay", sources, "-processor", ReplayProcessor.class.getName(),
                "-A" + ReplayProcessor.DIR_OPTION + "=" + generated);
        List<Path> files = files(generated);
        assertEquals(6, files.size(), files.toString());
        assertEquals(files, files(replayed));
        for (Path file : files) {
            assertEquals(Files.readString(generated.resolve(file)), Files.readString(replayed.resolve(file)),
                    file.toString());
        }
        assertTrue(Files.exists(dir.resolve("replay-classes/bench/models/Model2Binding.class")));
    }

    /** Compiles {@code sources} with annotation processing into {@code dir/<name>-*}; the generated sources' folder. */
    private static Path compile(Path dir, String name, List<Path> sources, String... options) throws Exception {
        Path classes = Files.createDirectories(dir.resolve(name + "-classes"));
        Path generated = Files.createDirectories(dir.resolve(name + "-generated"));
        String classPath = System.getProperty("java.class.path");
        List<String> args = new ArrayList<>(List.of("-proc:full", "-processorpath", classPath,
                "-classpath", classPath, "-d", classes.toString(), "-s", generated.toString()));
        args.addAll(List.of(options));
        sources.forEach(s -> args.add(s.toString()));
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(String[]::new)));
        return generated;
    }

    private static List<Path> files(Path dir) throws Exception {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).map(dir::relativize).sorted().toList();
        }
    }
}
