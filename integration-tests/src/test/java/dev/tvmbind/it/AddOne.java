package dev.tvmbind.it;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.TvmFfi;
import dev.tvmbind.runtime.ffi.Tensor;

/** tvm-ffi's examples' {@code add_one_cpu}: {@code y = x + 1} over 1-D float32 tensors. */
@TvmFfi
public interface AddOne {
    @EntryPoint("add_one_cpu")
    void addOne(Tensor x, Tensor y);
}
