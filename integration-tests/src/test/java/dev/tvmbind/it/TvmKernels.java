package dev.tvmbind.it;

import dev.tvmbind.TvmFfi;
import dev.tvmbind.runtime.ffi.Tensor;

/** The kernel of {@code src/test/python/tvm_kernel.py}, as TVM's compiler exported it. */
@TvmFfi
public interface TvmKernels {
    void addOne(Tensor x, Tensor y);
}
