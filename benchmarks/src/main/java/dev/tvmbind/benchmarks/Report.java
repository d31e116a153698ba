package dev.tvmbind.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns JMH's CSV results ({@code -rf csv}, with {@code -prof gc}) into the Markdown table of
 * BENCHMARKS.md: ns/op, B/op, and the ratio to the hand-written FFM baseline of the same function
 * (the critical baseline for critical variants).
 */
public final class Report {
    private Report() {}

    private record Row(double score, double error, double bytes) {}

    public static void main(String[] args) throws IOException {
        List<String> lines = Files.readAllLines(Path.of(args[0]));
        Map<String, Row> rows = new LinkedHashMap<>();
        Map<String, Double> allocation = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            List<String> cells = csv(line);
            String name = cells.get(0);
            int colon = name.indexOf(':');
            int dot = name.lastIndexOf('.', colon < 0 ? name.length() : colon);
            String benchmark = name.substring(dot + 1);
            double score = Double.parseDouble(cells.get(4));
            if (benchmark.contains(":gc.alloc.rate.norm")) {
                allocation.put(benchmark.substring(0, benchmark.indexOf(':')), score);
            } else if (!benchmark.contains(":")) {
                double error = cells.get(5).isEmpty() || cells.get(5).equals("NaN") ? 0
                        : Double.parseDouble(cells.get(5));
                rows.put(benchmark, new Row(score, error, Double.NaN));
            }
        }
        System.out.println("| function | way | ns/op | ± | B/op | ratio to hand-written |");
        System.out.println("|---|---|---|---|---|---|");
        for (Map.Entry<String, Row> entry : rows.entrySet()) {
            String[] parts = entry.getKey().split("_", 2);
            String baseline = parts[0] + (parts[1].endsWith("Critical") ? "_handWrittenCritical"
                    : "_handWritten");
            Row row = entry.getValue();
            Row base = rows.get(baseline);
            double bytes = allocation.getOrDefault(entry.getKey(), Double.NaN);
            // The executor is held against the typed binding doing the same work.
            Row typed = parts[1].equals("executor") ? rows.get(parts[0] + "_generated") : null;
            String way = typed == null ? parts[1] : String.format(Locale.ROOT,
                    "executor (%.2f × generated)", row.score() / typed.score());
            System.out.printf(Locale.ROOT, "| %s | %s | %.2f | %.2f | %s | %s |%n", parts[0], way,
                    row.score(), row.error(), Double.isNaN(bytes) ? "" : String.format(Locale.ROOT, "%.0f", bytes),
                    base == null ? "" : String.format(Locale.ROOT, "%.2f", row.score() / base.score()));
        }
    }

    private static List<String> csv(String line) {
        List<String> cells = new java.util.ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (char c : line.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString());
        return cells;
    }
}
