package dev.tvmbind.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
        assertEquals(22, run.size(), run.toString());
    }

    @Test
    void processorBenchModelsCompileWithTheProcessor(@TempDir Path dir) throws Exception {
        List<Path> sources = ProcessorBench.writeModels(dir.resolve("src"), 3);
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Path generated = Files.createDirectories(dir.resolve("generated"));
        List<String> args = new ArrayList<>(List.of("-proc:full", "-processorpath",
                System.getProperty("java.class.path"), "-classpath", System.getProperty("java.class.path"),
                "-d", classes.toString(), "-s", generated.toString(), "-Xlint:all,-processing", "-Werror"));
        sources.forEach(s -> args.add(s.toString()));
        int status = ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(String[]::new));
        assertEquals(0, status);
        for (int m = 0; m < 3; m++) {
            assertTrue(Files.exists(generated.resolve("tvmgen_model_" + m + ".h")), "header " + m);
            assertTrue(Files.exists(classes.resolve("bench/models/Model" + m + "Binding.class")),
                    "binding " + m);
        }
        assertTrue(ProcessorBench.model(0).toLowerCase(Locale.ROOT).contains("@entrypoint int run("));
    }
}
