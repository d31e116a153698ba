package dev.tvmbind.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * What compiling the generated bindings costs javac, for two builds of tvmbind (say the commit
 * before a change to the generator and after it): each generates the bindings of the same
 * models once; then {@code -proc:none} compiles the interfaces with each build's bindings, the
 * two interleaved, and the interfaces alone. A binding's cost per entry point is the difference
 * to the interfaces alone, divided by the entry points.
 *
 * <p>Usage: {@code BindingCostBench <old class path> <new class path> <runs> <models>}; each class
 * path holds that build's annotations, processor and the processor's dependencies.
 */
public final class BindingCostBench {
    private static final int ENTRY_POINTS = 10;

    private BindingCostBench() {}

    public static void main(String[] args) throws Exception {
        String oldPath = args[0];
        String newPath = args[1];
        int runs = Integer.parseInt(args[2]);
        int models = Integer.parseInt(args[3]);
        Path dir = Files.createTempDirectory("tvmbind-binding-cost");
        List<Path> sources = ProcessorBench.writeModels(dir.resolve("src"), models);
        ProcessorBench.Javac oldJavac = new ProcessorBench.Javac(dir, oldPath);
        ProcessorBench.Javac newJavac = new ProcessorBench.Javac(dir, newPath);
        List<String> generate = List.of("-proc:full");
        oldJavac.run("old", sources, generate);
        newJavac.run("new", sources, generate);
        List<Path> withOld = withBindings(sources, dir.resolve("old-gen"));
        List<Path> withNew = withBindings(sources, dir.resolve("new-gen"));
        long[] oldTimes = new long[runs];
        long[] newTimes = new long[runs];
        long[] alone = new long[runs];
        for (int run = 0; run < runs; run++) {
            oldTimes[run] = oldJavac.run("old-none", withOld, List.of("-proc:none"));
            newTimes[run] = newJavac.run("new-none", withNew, List.of("-proc:none"));
            alone[run] = newJavac.run("alone", sources, List.of("-proc:none"));
        }
        long oldMs = ProcessorBench.median(oldTimes);
        long newMs = ProcessorBench.median(newTimes);
        long aloneMs = ProcessorBench.median(alone);
        double perEntryPoint = models * (double) ENTRY_POINTS;
        System.out.println("| models x entry points | interfaces alone (ms) | with old bindings (ms)"
                + " | with new bindings (ms) | old ms per entry point | new ms per entry point"
                + " | new / old | old binding lines | new binding lines |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        System.out.printf(Locale.ROOT, "| %d x %d | %d | %d | %d | %.3f | %.3f | %.2f | %d | %d |%n",
                models, ENTRY_POINTS, aloneMs, oldMs, newMs, (oldMs - aloneMs) / perEntryPoint,
                (newMs - aloneMs) / perEntryPoint, (newMs - aloneMs) / (double) (oldMs - aloneMs),
                lines(dir.resolve("old-gen")), lines(dir.resolve("new-gen")));
        ProcessorBench.deleteTree(dir);
    }

    private static List<Path> withBindings(List<Path> sources, Path generated) throws Exception {
        List<Path> all = new ArrayList<>(sources);
        try (Stream<Path> files = Files.walk(generated)) {
            files.filter(p -> p.toString().endsWith(".java")).sorted().forEach(all::add);
        }
        return all;
    }

    private static long lines(Path generated) throws Exception {
        long lines = 0;
        try (Stream<Path> files = Files.walk(generated)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                lines += Files.readAllLines(p).size();
            }
        }
        return lines;
    }
}
