package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A loop that never closes what it gets: 2,000,000 calls of {@code iota(1024)}, a 4 KiB tensor
 * each, in a JVM of its own with a fixed 256 MiB heap. The collector sees a few hundred bytes
 * of Java object per tensor, not TVM's 4 KiB, so without a bound the native memory piles up
 * (5.9 GB measured on deca214, or an {@code OutOfMemoryError}); with it, the resident memory
 * stays within 64 MiB of its value after 100,000 calls, every call succeeds, and every tensor's
 * data reads right. The curve goes to BENCHMARKS.md.
 */
class UnclosedTensorsTest {
    private static final long CALLS = 2_000_000;
    private static final long SAMPLE = 100_000;
    private static final long BOUND_KB = 64 * 1024;

    @Test
    void residentMemoryStaysBoundedWithoutClose() throws Exception {
        String output = loop(CALLS, "-Dtvmbind.tensors.unclosedBytes=" + (32 << 20));
        List<Long> rss = rss(output, CALLS);
        long first = rss.get(0);
        long highest = rss.stream().mapToLong(Long::longValue).max().orElseThrow();
        System.out.println("residentMemoryStaysBoundedWithoutClose:\n" + output);
        assertTrue(highest - first <= BOUND_KB, "RSS rose from " + first + " kB after " + SAMPLE
                + " calls to " + highest + " kB:\n" + output);

        // The control: the same loop with the bound out of reach outgrows it within 300,000 calls.
        String unbounded = loop(3 * SAMPLE, "-Dtvmbind.tensors.unclosedBytes=" + (1L << 40));
        long reached = rss(unbounded, 3 * SAMPLE).stream().mapToLong(Long::longValue).max()
                .orElseThrow();
        System.out.println("the control, unbounded:\n" + unbounded);
        assertTrue(reached - first > BOUND_KB, "the control stayed within the bound:\n"
                + unbounded);
    }

    private static String loop(long calls, String bound) throws Exception {
        return ChildJvm.run(List.of(ChildJvm.java(), "--enable-native-access=ALL-UNNAMED",
                "-Xms256m", "-Xmx256m", bound, "-cp", System.getProperty("java.class.path"),
                Loop.class.getName(), FfiLibraries.of("ffi_types", false).toString(),
                Long.toString(calls)));
    }

    /** The resident memory of each sample, in kB. */
    private static List<Long> rss(String output, long calls) {
        List<Long> rss = output.lines().filter(l -> l.startsWith("calls "))
                .map(l -> Long.parseLong(l.split(" ")[3])).toList();
        assertEquals(calls / SAMPLE, rss.size(), output);
        return rss;
    }

    /** The loop, printing {@code calls N rss KB} every 100,000 calls. */
    static final class Loop {
        public static void main(String[] args) throws Exception {
            FfiTensorFunctions tensors = FfiTensorFunctionsBinding.load(Path.of(args[0]));
            long calls = Long.parseLong(args[1]);
            long started = System.nanoTime();
            for (long i = 1; i <= calls; i++) {
                float last = tensors.iota(1024).data().getAtIndex(ValueLayout.JAVA_FLOAT, 1023);
                if (last != 1023f) {
                    throw new AssertionError("call " + i + " read " + last);
                }
                if (i % SAMPLE == 0) {
                    System.out.println("calls " + i + " rss " + rss() + " kB at "
                            + (System.nanoTime() - started) / 1_000_000 + " ms");
                }
            }
        }

        static long rss() throws Exception {
            return Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .filter(line -> line.startsWith("VmRSS:"))
                    .map(line -> Long.parseLong(line.replaceAll("\\D", "")))
                    .findFirst().orElseThrow();
        }
    }
}
