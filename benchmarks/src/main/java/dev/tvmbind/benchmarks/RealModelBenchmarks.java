package dev.tvmbind.benchmarks;

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
import org.openjdk.jmh.annotations.Warmup;

/**
 * A real TVM-compiled model called through its generated binding, arrays copied in and out as an
 * application would; {@code aww_loop} calls the same library's run function from C, with the same
 * input, for the baseline. Needs {@code -Dbench.aww=libaww.so} (run.sh builds it from the fixture).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class RealModelBenchmarks {
    Aww model;
    final byte[] features = AwwInput.features();
    final byte[] scores = new byte[12];

    @Setup
    public void setUp() {
        model = AwwBinding.load(Path.of(System.getProperty("bench.aww")));
    }

    @Benchmark
    public byte[] aww_generated() {
        if (model.run(features, scores) != 0) {
            throw new IllegalStateException("tvmgen_default_run failed");
        }
        return scores;
    }
}
