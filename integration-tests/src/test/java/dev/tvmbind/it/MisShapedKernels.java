package dev.tvmbind.it;

import dev.tvmbind.DType;
import dev.tvmbind.Shape;
import dev.tvmbind.TvmFfi;
import dev.tvmbind.runtime.ffi.Tensor;

/** {@code ffi_types.cc}'s counted {@code iota}, declared wrongly: refused and released. */
@TvmFfi
public interface MisShapedKernels {
    @Shape(value = "3", dtype = DType.INT32)
    Tensor iota(long n);
}
