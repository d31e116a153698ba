package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.DType;
import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.relax.RelaxModule;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A service that reloads its Relax model at every retraining: 1,000 cycles of load, call and
 * close, in a JVM of its own with a fixed heap touched up front and no {@code System.gc()}. After cycle 10 and
 * after cycle 1,000: resident memory within 16 MiB, the same open files, the same mappings
 * ({@code close()} releases the VM and the library, whose code TVM unloads).
 */
class RelaxCyclesTest {
    private static final long BOUND_KB = 16 * 1024;

    @Test
    void loadCallCloseThousandTimesLeavesNothing() throws Exception {
        String output = ChildJvm.run(List.of(ChildJvm.java(), "--enable-native-access=ALL-UNNAMED",
                "-Xms64m", "-Xmx64m", "-XX:+AlwaysPreTouch", "-XX:TieredStopAtLevel=1",
                "-Dtvmbind.tvmRuntime=" + RelaxModels.sitePackages(), "-cp",
                System.getProperty("java.class.path"), Cycles.class.getName(),
                RelaxModels.library("symbolic").toString(), "1000"));
        List<long[]> samples = output.lines().filter(l -> l.startsWith("cycle "))
                .map(l -> l.split(" "))
                .map(p -> new long[] {Long.parseLong(p[1]), Long.parseLong(p[3]),
                        Long.parseLong(p[5]), Long.parseLong(p[7])})
                .toList();
        assertEquals(2, samples.size(), output);
        long[] tenth = samples.get(0);
        long[] last = samples.get(1);
        System.out.println("loadCallCloseThousandTimesLeavesNothing:\n" + output);
        assertTrue(last[1] - tenth[1] <= BOUND_KB, "RSS grew by more than 16 MiB:\n" + output);
        assertEquals(tenth[2], last[2], "open files:\n" + output);
        assertEquals(tenth[3], last[3], "mappings:\n" + output);
    }

    /** The cycles, printing {@code cycle N rss KB fds F maps M} after cycles 10 and the last. */
    static final class Cycles {
        public static void main(String[] args) throws Exception {
            Path library = Path.of(args[0]);
            int cycles = Integer.parseInt(args[1]);
            try (Arena arena = Arena.ofConfined()) {
                Tensor x = Tensor.of(arena.allocateFrom(ValueLayout.JAVA_FLOAT, 1f, 2f, 3f),
                        DType.FLOAT32, 3);
                for (int i = 1; i <= cycles; i++) {
                    try (RelaxModule module = RelaxModule.load(library);
                            Tensor y = (Tensor) module.call("add_one", x)) {
                        if (y.data().getAtIndex(ValueLayout.JAVA_FLOAT, 2) != 4f) {
                            throw new AssertionError("cycle " + i);
                        }
                    }
                    if (i == 10 || i == cycles) {
                        System.out.println("cycle " + i + " rss " + UnclosedTensorsTest.Loop.rss()
                                + " fds " + count(Path.of("/proc/self/fd")) + " maps "
                                + Files.readAllLines(Path.of("/proc/self/maps")).size());
                    }
                }
            }
        }

        private static long count(Path folder) throws Exception {
            try (var files = Files.list(folder)) {
                return files.count();
            }
        }
    }
}
