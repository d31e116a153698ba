package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.runtime.TvmExecutor;
import dev.tvmbind.runtime.TvmLibrary;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A service that reopens its model for months: 5,000 cycles of open, executor, run and close in
 * a JVM of its own whose own memory holds still: its heap committed and touched up front
 * ({@code -Xms64m -Xmx64m -XX:+AlwaysPreTouch}), and C1 only, since C2's arenas and code grow
 * through the first thousands of cycles whatever the code does (measured with native memory
 * tracking: 132 to 147 MB over 4,000 cycles with C2, all of it the JVM's heap commit, compiler
 * and code cache; 118.3 to 118.9 MB with C1). What remains is tvmbind's and the dynamic
 * loader's: the resident memory after 5,000 cycles is within 4 MiB of that after 1,000 (1 KB a
 * cycle would exceed it; 10 KB a cycle was once reported), and the mappings do not accumulate.
 */
class CyclesTest {
    private static final long BOUND_KB = 4 * 1024;

    @Test
    void residentMemoryStaysFlatOver5000Cycles() throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process process = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-Xms64m",
                "-Xmx64m", "-XX:+AlwaysPreTouch", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), Cycles.class.getName(),
                NativeLibraries.of("twins").toString(), "5000").redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(5, TimeUnit.MINUTES), output);
        assertEquals(0, process.exitValue(), output);
        List<long[]> samples = output.lines().filter(l -> l.startsWith("cycle "))
                .map(l -> l.split(" "))
                .map(p -> new long[] {Long.parseLong(p[1]), Long.parseLong(p[3]), Long.parseLong(p[5])})
                .toList();
        assertEquals(5, samples.size(), output);
        long[] first = samples.get(0);
        long[] last = samples.get(4);
        assertTrue(last[1] - first[1] < BOUND_KB, "RSS grew from " + first[1] + " kB at cycle "
                + first[0] + " to " + last[1] + " kB at cycle " + last[0] + ":\n" + output);
        assertTrue(last[2] <= first[2] + 8, "mappings grew:\n" + output);
    }

    /**
     * {@code open(p, 2)}, {@code model()} and {@code close()}, 1,000 times in a fixed heap and no
     * {@code System.gc()}: the private copies {@code model()} made are unmapped at the close, not
     * by a class-unloading collection (8,000 cycles once left 24,000 deleted-file mappings).
     */
    @Test
    void privateCopiesOfModelGoAtClose() throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process process = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-Xms64m",
                "-Xmx64m", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                CopyCycles.class.getName(), NativeLibraries.of("twins").toString(), "1000")
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(5, TimeUnit.MINUTES), output);
        assertEquals(0, process.exitValue(), output);
        List<String> lines = output.lines().toList();
        long before = Long.parseLong(lines.get(0).replace("deleted before ", ""));
        long inACycle = Long.parseLong(lines.get(1).replace("deleted in a cycle ", ""));
        assertEquals(before + 4, inACycle, "two copies for open(p, 2), two for model():\n"
                + output);
        String last = lines.getLast();
        long deleted = Long.parseLong(last.replaceAll(".* deleted (\\d+)$", "$1"));
        assertTrue(deleted <= before, "deleted files still mapped after 1,000 cycles: " + deleted
                + ", before the first " + before + "\n" + output);
        System.out.println("privateCopiesOfModelGoAtClose: " + last);
    }

    /** The cycles of {@link #privateCopiesOfModelGoAtClose}, printing rss and deleted mappings. */
    static final class CopyCycles {
        public static void main(String[] args) throws Exception {
            Path library = Path.of(args[0]);
            int cycles = Integer.parseInt(args[1]);
            int[] out = new int[1];
            System.out.println("deleted before " + deleted());
            for (int i = 1; i <= cycles; i++) {
                try (TvmLibrary open = TvmLibrary.open(library, 2)) {
                    Twins.Fw twin = open.model(Twins.Fw.class);
                    twin.run(new int[] {i}, out);
                    if (out[0] != i + 3) {
                        throw new AssertionError("cycle " + i + " gave " + out[0]);
                    }
                    if (i == 1) {
                        System.out.println("deleted in a cycle " + deleted());
                    }
                }
                if (i % 100 == 0) {
                    System.out.println("cycle " + i + " rss " + Cycles.rss() + " kB deleted "
                            + deleted());
                }
            }
        }

        /** Files mapped that are deleted since: private copies still loaded. */
        private static long deleted() throws Exception {
            return Files.readAllLines(Path.of("/proc/self/maps")).stream()
                    .filter(line -> line.endsWith(" (deleted)") && line.contains("/"))
                    .map(line -> line.substring(line.indexOf('/'))).distinct().count();
        }
    }

    /** The cycles, printing {@code cycle N rss KB maps M} every 1,000. */
    static final class Cycles {
        public static void main(String[] args) throws Exception {
            Path library = Path.of(args[0]);
            int cycles = Integer.parseInt(args[1]);
            int[] out = new int[1];
            for (int i = 1; i <= cycles; i++) {
                try (TvmLibrary open = TvmLibrary.open(library)) {
                    TvmExecutor executor = open.executor("fw_twin");
                    executor.setInput("in:0", new int[] {i});
                    executor.run();
                    executor.getOutput("out", out);
                    if (out[0] != i + 3) {
                        throw new AssertionError("cycle " + i + " gave " + out[0]);
                    }
                }
                if (i % 1000 == 0) {
                    System.gc();
                    System.out.println("cycle " + i + " rss " + rss() + " maps "
                            + Files.readAllLines(Path.of("/proc/self/maps")).size());
                }
            }
        }

        static long rss() throws Exception {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("\\D", ""));
                }
            }
            throw new IllegalStateException("no VmRSS in /proc/self/status");
        }
    }
}
