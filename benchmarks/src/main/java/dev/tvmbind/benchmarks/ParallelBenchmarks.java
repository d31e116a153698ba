package dev.tvmbind.benchmarks;

import dev.tvmbind.runtime.TvmLibrary;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
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
 * Runs per second of the real keyword spotter (TVM 0.17, a static workspace): one thread, two
 * threads on one loaded library (their runs wait for each other), and two threads over two private
 * copies ({@code TvmLibrary.open(library, 2)}), side by side in one run. Needs
 * {@code -Dbench.aww=libaww.so} (run.sh builds it from the fixture).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class ParallelBenchmarks {
    /** One binding that all the benchmark's threads share, as a server holds it. */
    @State(Scope.Benchmark)
    public static class Shared {
        TvmLibrary library;
        Aww oneCopy;
        Aww twoCopies;

        @Setup(Level.Trial)
        public void setUp() {
            Path aww = Path.of(System.getProperty("bench.aww"));
            oneCopy = AwwBinding.load(aww);
            library = TvmLibrary.open(aww, 2);
            twoCopies = library.model(Aww.class);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            library.close();
        }
    }

    /** Each thread's own arrays. */
    @State(Scope.Thread)
    public static class Arrays {
        final byte[] features = AwwInput.features();
        final byte[] scores = new byte[12];
    }

    private static byte[] run(Aww model, Arrays arrays) {
        if (model.run(arrays.features, arrays.scores) != 0) {
            throw new IllegalStateException("tvmgen_default_run failed");
        }
        return arrays.scores;
    }

    @Benchmark
    @Threads(1)
    public byte[] oneThread(Shared shared, Arrays arrays) {
        return run(shared.oneCopy, arrays);
    }

    @Benchmark
    @Threads(2)
    public byte[] twoThreadsOneLibrary(Shared shared, Arrays arrays) {
        return run(shared.oneCopy, arrays);
    }

    @Benchmark
    @Threads(2)
    public byte[] twoThreadsTwoCopies(Shared shared, Arrays arrays) {
        return run(shared.twoCopies, arrays);
    }
}
