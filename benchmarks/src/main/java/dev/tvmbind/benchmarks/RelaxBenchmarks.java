package dev.tvmbind.benchmarks;

import dev.tvmbind.DType;
import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.relax.RelaxModule;
import dev.tvmbind.runtime.relax.RelaxVm;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Relax functions through {@link RelaxModule} (and {@code add} through {@link TinyRelax}'s
 * generated binding), as {@code benchmarks/relax.sh} compares them with a C++ caller and TVM's
 * Python VM on the same libraries: {@code tiny.so}'s {@code add} (4 floats plus one) and
 * {@code mlp.so}'s {@code forward} (784 → 128 → 10, one row); the input made once,
 * the returned tensor made, one element read, closed. {@code -Dbench.relax} names the folder of
 * the libraries, {@code -Dtvmbind.tvmRuntime} apache-tvm's site-packages.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 3, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class RelaxBenchmarks {
    RelaxModule tiny;
    TinyRelax typed;
    RelaxModule mlp;
    RelaxVm leased;
    Tensor four;
    Tensor row;

    static Path libraries() {
        return BenchPaths.given("bench.relax", "the folder benchmarks/relax.sh exports"
                + " tiny.so and mlp.so into");
    }

    @Setup
    public void setUp() {
        tiny = RelaxModule.load(libraries().resolve("tiny.so"));
        typed = TinyRelaxBinding.load(libraries().resolve("tiny.so"));
        mlp = RelaxModule.load(libraries().resolve("mlp.so"));
        leased = RelaxModule.load(libraries().resolve("tiny.so")).vm();
        Arena arena = Arena.ofAuto();
        MemorySegment ones = arena.allocate(ValueLayout.JAVA_FLOAT, 784);
        ones.fill((byte) 0);
        for (int i = 0; i < 784; i++) {
            ones.setAtIndex(ValueLayout.JAVA_FLOAT, i, 1f);
        }
        four = Tensor.of(ones, DType.FLOAT32, 4);
        row = Tensor.of(ones, DType.FLOAT32, 1, 784);
    }

    @TearDown
    public void tearDown() {
        leased.close();
        typed.close();
        tiny.close();
        mlp.close();
    }

    @Benchmark
    public float tiny_module() {
        try (Tensor y = (Tensor) tiny.call("add", four)) {
            return y.data().getAtIndex(ValueLayout.JAVA_FLOAT, 0);
        }
    }

    /** The same, the element read through the unchecked view (no confined arena). */
    @Benchmark
    public float tiny_moduleUnchecked() {
        try (Tensor y = (Tensor) tiny.call("add", four)) {
            return y.uncheckedData().getAtIndex(ValueLayout.JAVA_FLOAT, 0);
        }
    }

    /** The same call through the generated binding of {@link TinyRelax} (its shapes checked). */
    @Benchmark
    public float tiny_typed() {
        try (Tensor y = typed.add(four)) {
            return y.data().getAtIndex(ValueLayout.JAVA_FLOAT, 0);
        }
    }

    /** The typed call, the element read through the unchecked view. */
    @Benchmark
    public float tiny_typedUnchecked() {
        try (Tensor y = typed.add(four)) {
            return y.uncheckedData().getAtIndex(ValueLayout.JAVA_FLOAT, 0);
        }
    }

    @Benchmark
    public float tiny_leasedVm() {
        try (Tensor y = (Tensor) leased.call("add", four)) {
            return y.data().getAtIndex(ValueLayout.JAVA_FLOAT, 0);
        }
    }

    @Benchmark
    public float mlp_module() {
        try (Tensor y = (Tensor) mlp.call("forward", row)) {
            return y.data().getAtIndex(ValueLayout.JAVA_FLOAT, 0);
        }
    }
}
