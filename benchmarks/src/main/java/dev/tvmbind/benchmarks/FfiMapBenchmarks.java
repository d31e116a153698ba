package dev.tvmbind.benchmarks;

import dev.tvmbind.runtime.ffi.FfiObject;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A {@code Map<String, Long>} result of {@code n} entries, made by the library and read into
 * Java: what {@code benchmarks/ffi.sh} sets beside tvm-ffi's Python reading the same map with
 * {@code dict(m.items())}; made and released unread beside it, for what reading alone costs.
 * tvm-ffi's C ABI has no bulk read: both call its iterator three times an entry.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx2g"})
public class FfiMapBenchmarks {
    @Param("1000000")
    long entries;

    private static final FfiBench.Unread UNREAD = FfiBench_UnreadBinding.load(
            FfiBenchmarks.library());

    @Benchmark
    public Map<String, Long> makeMap_generated() {
        Map<String, Long> map = FfiBenchmarks.GENERATED.makeMap(entries);
        if (map.size() != entries || map.get("k1") != 1) {
            throw new IllegalStateException("not the map made");
        }
        return map;
    }

    /** The map made and released unread: subtracted, it leaves what reading costs. */
    @Benchmark
    public long makeMap_unread() {
        try (FfiObject map = UNREAD.makeMap(entries)) {
            return map.typeIndex();
        }
    }
}
