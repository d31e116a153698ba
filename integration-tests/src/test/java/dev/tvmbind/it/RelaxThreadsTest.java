package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.DType;
import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.relax.RelaxModule;
import dev.tvmbind.runtime.relax.RelaxVm;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Why a VM takes one call at a time. 8 threads share one leased VM of the symbolic model
 * ({@code add_one}, each thread its own input size, so a mixed-up register file shows): guarded,
 * every call either runs alone and is right or is refused before any native call; the control,
 * the guard off ({@code -Dtvmbind.test.unguardedVm=true}), crashes the JVM or gives wrong
 * results in at least one of up to 3 JVMs. Counts are printed.
 */
class RelaxThreadsTest {
    private static final int THREADS = 8;
    private static final int CALLS = 20_000;

    @Test
    void guardedNoCallIsWrong() throws Exception {
        String output = run(false);
        assertTrue(output.contains(" wrong 0 "), output);
        assertTrue(output.startsWith("done"), output);
        System.out.println("guarded: " + output.strip());
    }

    @Test
    void unguardedOneVmGoesWrong() throws Exception {
        List<String> seen = new ArrayList<>();
        for (int jvm = 0; jvm < 3; jvm++) {
            String output = run(true);
            seen.add(output.strip());
            boolean crashed = !output.startsWith("done");
            boolean wrong = !output.contains(" wrong 0 ");
            if (crashed || wrong) {
                System.out.println("the control, JVM " + (jvm + 1) + ": "
                        + (crashed ? "crashed" : "wrong results") + "\n" + output.lines()
                                .limit(5).reduce("", (a, b) -> a + b + "\n"));
                return;
            }
        }
        throw new AssertionError("three JVMs of 8 threads in one unguarded VM showed nothing:"
                + " the control cannot tell the guard works: " + seen);
    }

    /** The child JVM's output, its exit status appended when not 0. */
    private static String run(boolean unguarded) throws Exception {
        List<String> command = new ArrayList<>(List.of(ChildJvm.java(),
                "--enable-native-access=ALL-UNNAMED", "-Xmx256m",
                "-Dtvmbind.tvmRuntime=" + RelaxModels.sitePackages(),
                "-Dtvmbind.test.unguardedVm=" + unguarded, "-XX:-CreateCoredumpOnCrash",
                "-XX:ErrorFile=/dev/null", "-cp", System.getProperty("java.class.path"),
                Callers.class.getName(), RelaxModels.library("symbolic").toString()));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("TVM_NUM_THREADS", "1");
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(),
                StandardCharsets.UTF_8);
        assertTrue(process.waitFor(3, TimeUnit.MINUTES), output);
        return process.exitValue() == 0 ? output : output + "\nexit " + process.exitValue();
    }

    /** 8 threads × 20,000 calls on one VM; prints {@code done wrong W refused R of N}. */
    static final class Callers {
        public static void main(String[] args) throws Exception {
            AtomicLong wrong = new AtomicLong();
            AtomicLong refused = new AtomicLong();
            try (RelaxModule module = RelaxModule.load(Path.of(args[0]));
                    RelaxVm vm = module.vm();
                    Arena arena = Arena.ofShared()) {
                Tensor[] inputs = new Tensor[THREADS];
                for (int t = 0; t < THREADS; t++) {
                    float[] values = new float[t + 1];
                    java.util.Arrays.fill(values, t);
                    inputs[t] = Tensor.of(arena.allocateFrom(ValueLayout.JAVA_FLOAT, values),
                            DType.FLOAT32, t + 1);
                }
                ((Tensor) vm.call("add_one", inputs[0])).close(); // its function looked up once
                List<Thread> threads = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    int mine = t;
                    threads.add(Thread.ofPlatform().start(() -> {
                        for (int i = 0; i < CALLS; i++) {
                            try (Tensor y = (Tensor) vm.call("add_one", inputs[mine])) {
                                float[] out = y.data().toArray(ValueLayout.JAVA_FLOAT);
                                if (out.length != mine + 1 || out[mine] != mine + 1) {
                                    wrong.incrementAndGet();
                                }
                            } catch (IllegalStateException e) {
                                refused.incrementAndGet();
                            } catch (RuntimeException e) {
                                wrong.incrementAndGet(); // the VM's own error: a mixed-up state
                            }
                        }
                    }));
                }
                for (Thread thread : threads) {
                    thread.join();
                }
            }
            System.out.println("done wrong " + wrong + " refused " + refused + " of "
                    + (long) THREADS * CALLS);
        }
    }
}
