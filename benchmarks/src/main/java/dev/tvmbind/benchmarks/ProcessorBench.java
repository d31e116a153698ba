package dev.tvmbind.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Times javac on generated model interfaces with the processor against javac without it, and
 * splits the difference into what annotation processing costs javac and what tvmbind does.
 *
 * <p>Each size is compiled four ways, each in a fresh javac process: {@code tvmbind} runs the
 * processor, which writes a header and a binding per model that javac then compiles;
 * {@code -proc:none} compiles the interfaces plus the bindings the first run generated, so that
 * both compile the same Java code (the baseline); {@code replay} compiles the
 * interfaces with a {@link ReplayProcessor} that writes tvmbind's files through the Filer without
 * making them (what generating these files costs javac: the extra rounds, the Filer); and
 * {@code interfaces only} is {@code -proc:none} on the interfaces alone, run once. The interfaces
 * never refer to generated code, so all of them compile.
 *
 * <p>Usage: {@code ProcessorBench <processor path> <class path> <runs> <models>...}; prints one
 * Markdown row per size, each time the median of {@code runs} interleaved runs.
 */
public final class ProcessorBench {
    private static final int ENTRY_POINTS = 10;

    private ProcessorBench() {}

    public static void main(String[] args) throws Exception {
        String processorPath = args[0];
        String classPath = args[1];
        int runs = Integer.parseInt(args[2]);
        System.out.println("| models x entry points | -proc:none (ms)"
                + " | replay (ms) | tvmbind (ms) | tvmbind / -proc:none | replay / -proc:none"
                + " | tvmbind / replay | tvmbind's own ms per entry point | interfaces only (ms) |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        for (String models : Arrays.copyOfRange(args, 3, args.length)) {
            int count = Integer.parseInt(models);
            Path dir = Files.createTempDirectory("tvmbind-processor-bench");
            List<Path> sources = writeModels(dir.resolve("src"), count);
            Javac javac = new Javac(dir, classPath);
            List<String> processing = List.of("-proc:full", "-processorpath", processorPath);
            // Interleaved, so that a slow spell of the machine hits all three alike.
            long[] with = new long[runs];
            long[] none = new long[runs];
            long[] replay = new long[runs];
            for (int run = 0; run < runs; run++) {
                with[run] = javac.run("with", sources, processing);
                List<Path> withBindings = new ArrayList<>(sources);
                try (Stream<Path> generated = Files.walk(dir.resolve("with-gen"))) {
                    generated.filter(p -> p.toString().endsWith(".java")).forEach(withBindings::add);
                }
                none[run] = javac.run("none", withBindings, List.of("-proc:none"));
                replay[run] = javac.run("replay", sources, concat(processing, "-processor",
                        ReplayProcessor.class.getName(),
                        "-A" + ReplayProcessor.DIR_OPTION + "=" + dir.resolve("with-gen")));
            }
            long withMs = median(with);
            long noneMs = median(none);
            long replayMs = median(replay);
            System.out.printf(Locale.ROOT,
                    "| %d x %d | %d | %d | %d | %.2f | %.2f | %.2f | %.3f | %d |%n",
                    count, ENTRY_POINTS, noneMs, replayMs, withMs,
                    withMs / (double) noneMs, replayMs / (double) noneMs, withMs / (double) replayMs,
                    (withMs - replayMs) / (double) (count * ENTRY_POINTS),
                    javac.run("only", sources, List.of("-proc:none")));
            deleteTree(dir);
        }
    }

    private static List<String> concat(List<String> options, String... more) {
        List<String> all = new ArrayList<>(options);
        all.addAll(List.of(more));
        return all;
    }

    static long median(long[] times) {
        long[] sorted = times.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /** Runs javac in a fresh process on the models of {@code dir}, against {@code classPath}. */
    record Javac(Path dir, String classPath) {
        long run(String name, List<Path> sources, List<String> options)
                throws IOException, InterruptedException {
            Path classes = dir.resolve(name + "-classes");
            Path generated = dir.resolve(name + "-gen");
            deleteTree(classes);
            deleteTree(generated);
            Files.createDirectories(classes);
            Files.createDirectories(generated);
            Path argFile = dir.resolve(name + ".args");
            List<String> lines = new ArrayList<>(options);
            lines.addAll(List.of("-classpath", classPath, "-d", classes.toString(), "-s",
                    generated.toString(), "-nowarn"));
            sources.forEach(s -> lines.add(s.toString()));
            Files.write(argFile, lines);
            Path javac = Path.of(System.getProperty("java.home"), "bin", "javac");
            long start = System.nanoTime();
            Process process = new ProcessBuilder(javac.toString(), "@" + argFile).inheritIO().start();
            if (process.waitFor() != 0) {
                throw new IllegalStateException("javac failed for " + name);
            }
            return (System.nanoTime() - start) / 1_000_000;
        }
    }

    static List<Path> writeModels(Path dir, int count) throws IOException {
        Path pkg = Files.createDirectories(dir.resolve("bench/models"));
        List<Path> files = new ArrayList<>();
        for (int m = 0; m < count; m++) {
            files.add(Files.writeString(pkg.resolve("Model" + m + ".java"), model(m)));
        }
        return files;
    }

    /** One model: a tensor entry point and nine plain ones of assorted types. */
    static String model(int m) {
        StringBuilder s = new StringBuilder();
        s.append("package bench.models;\n\nimport dev.tvmbind.*;\nimport java.lang.foreign.MemorySegment;\n\n");
        s.append("/** Generated model ").append(m).append(". */\n");
        s.append("@TvmModel(name = \"model_").append(m).append("\", workspaceSize = 1024)\n");
        s.append("public interface Model").append(m).append(" {\n");
        s.append("    /** Runs it. */\n    @EntryPoint int run(@Input(value = \"x:0\", size = 64) float[] x,\n");
        s.append("        @Input(value = \"bias\", size = 64) MemorySegment bias,\n");
        s.append("        @Output(value = \"y\", size = 64) float[] y);\n");
        String[] signatures = {
            "int add%d(int a, int b)", "long scale%d(long value, double factor)",
            "void fill%d(float[] values, int count)", "boolean ready%d()",
            "int lookup%d(String name)", "MemorySegment buffer%d(long size)",
            "double mean%d(double[] values, int count)", "void reset%d()",
            "short clamp%d(short value, byte low, byte high)",
        };
        for (int i = 0; i < ENTRY_POINTS - 1; i++) {
            s.append("    @EntryPoint ").append(String.format(signatures[i], i)).append(";\n");
        }
        return s.append("}\n").toString();
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
