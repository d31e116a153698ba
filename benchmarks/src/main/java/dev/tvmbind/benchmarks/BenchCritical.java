package dev.tvmbind.benchmarks;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.Input;
import dev.tvmbind.Output;
import dev.tvmbind.TvmModel;

/**
 * The same functions linked as critical, and the run function over arrays (model
 * {@code bench_critical}; C defines its symbols with the same bodies).
 */
@TvmModel(name = "bench_critical")
public interface BenchCritical {
    @EntryPoint(critical = true) int add(int a, int b);

    @EntryPoint(critical = true) int answer();

    /** {@code out[i] = a[i] + b[i]}: heap arrays passed without copying. */
    @EntryPoint(critical = true) void vectorAdd(float[] a, float[] b, float[] out, int n);

    /** TVM's run function over arrays, copied through scratch memory. */
    @EntryPoint
    int run(@Input(value = "a", shape = {256}) float[] a,
            @Input(value = "b", shape = {256}) float[] b,
            @Output(value = "out", shape = {256}) float[] out);
}
