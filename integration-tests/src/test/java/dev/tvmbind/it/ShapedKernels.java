package dev.tvmbind.it;

import dev.tvmbind.DType;
import dev.tvmbind.Shape;
import dev.tvmbind.TvmFfi;
import dev.tvmbind.runtime.ffi.Tensor;

/** Functions of {@code ffi_types.cc} with their tensors declared: checked around each call. */
@TvmFfi
public interface ShapedKernels {
    /** The quickstart's {@code add_one_cpu}, which checks nothing itself. */
    void addOne(@Shape(value = "n", dtype = DType.FLOAT32) Tensor x,
            @Shape(value = "n", dtype = DType.FLOAT32) Tensor y);

    /** {@code float32[n]}, allocated by the library. */
    @Shape(value = "n", dtype = DType.FLOAT32)
    Tensor iota(long n);

    /** The same function, declared wrongly: a result that differs is refused and released. */
    @Shape(value = "3", dtype = DType.INT32)
    Tensor ones(long n);

    /** Its own input back: the result must be as long as the input. */
    @Shape("n")
    Tensor same(@TvmFfi.Owned @Shape("n") Tensor x);
}
