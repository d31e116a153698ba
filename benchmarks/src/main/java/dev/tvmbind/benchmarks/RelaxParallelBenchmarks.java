package dev.tvmbind.benchmarks;

import dev.tvmbind.DType;
import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.relax.RelaxModule;
import dev.tvmbind.runtime.relax.RelaxOptions;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Calls per second of {@code mlp.so}'s {@code forward} on a module of two VMs, from one thread
 * and from two: with {@code TVM_NUM_THREADS=1} each call computes on its own thread, so two VMs
 * on two cores should nearly double the rate ({@code benchmarks/relax.sh} runs it unpinned).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 3, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class RelaxParallelBenchmarks {
    RelaxModule mlp;

    /** Each thread's own input. */
    @State(Scope.Thread)
    public static class Input {
        Tensor row;

        @Setup
        public void setUp() {
            MemorySegment ones = Arena.ofAuto().allocate(ValueLayout.JAVA_FLOAT, 784);
            for (int i = 0; i < 784; i++) {
                ones.setAtIndex(ValueLayout.JAVA_FLOAT, i, 1f);
            }
            row = Tensor.of(ones, DType.FLOAT32, 1, 784);
        }
    }

    @Setup
    public void setUp() {
        mlp = RelaxModule.load(RelaxBenchmarks.libraries().resolve("mlp.so"),
                RelaxOptions.DEFAULT.withVms(2));
    }

    @TearDown
    public void tearDown() {
        mlp.close();
    }

    private float forward(Input input) {
        try (Tensor y = (Tensor) mlp.call("forward", input.row)) {
            return y.data().getAtIndex(ValueLayout.JAVA_FLOAT, 0);
        }
    }

    @Benchmark
    @Threads(1)
    public float twoVms_oneThread(Input input) {
        return forward(input);
    }

    @Benchmark
    @Threads(2)
    public float twoVms_twoThreads(Input input) {
        return forward(input);
    }
}
