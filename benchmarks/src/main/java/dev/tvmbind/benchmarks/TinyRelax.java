package dev.tvmbind.benchmarks;

import dev.tvmbind.DType;
import dev.tvmbind.Shape;
import dev.tvmbind.TvmRelax;
import dev.tvmbind.runtime.ffi.Tensor;

/**
 * {@code tiny.so}'s {@code add} ({@code relax_bench_models.py}) through a generated binding, its
 * tensors declared as Relax declares them: the typed door, beside {@link RelaxBenchmarks}' module
 * calls.
 */
@TvmRelax
public interface TinyRelax extends AutoCloseable {
    @Shape(value = "4", dtype = DType.FLOAT32)
    Tensor add(@Shape(value = "4", dtype = DType.FLOAT32) Tensor x);

    @Override
    void close();
}
