package dev.tvmbind.benchmarks;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.Input;
import dev.tvmbind.Output;
import dev.tvmbind.TvmModel;
import java.lang.foreign.MemorySegment;

/** The benchmarked C functions, as plain calls (model {@code bench}). */
@TvmModel(name = "bench")
public interface Bench {
    /** Elements of each benchmark tensor: 1 KiB of floats. */
    int FLOATS = 256;

    @EntryPoint int add(int a, int b);

    @EntryPoint int answer();

    /** {@code out[i] = a[i] + b[i]}: arrays copied in and back. */
    @EntryPoint void vectorAdd(float[] a, float[] b, float[] out, int n);

    /** TVM's run function over native segments. */
    @EntryPoint
    int run(@Input(value = "a", dtype = "float32", shape = {256}) MemorySegment a,
            @Input(value = "b", dtype = "float32", shape = {256}) MemorySegment b,
            @Output(value = "out", dtype = "float32", shape = {256}) MemorySegment out);
}
