package dev.tvmbind.it;

import dev.tvmbind.DType;
import dev.tvmbind.DeviceType;
import dev.tvmbind.Shape;
import dev.tvmbind.TvmFfi;
import dev.tvmbind.runtime.ffi.Tensor;

/**
 * Functions of {@code ffi_types.cc} whose tensors are laid out or placed other than a kernel
 * that checks nothing expects: a transposed view, pinned host memory. Undeclared results pass;
 * {@link #sumFlat} declares the contiguous CPU tensor it reads.
 */
@TvmFfi
public interface LaidOutKernels {
    /** A {@code rows x cols} matrix of 0, 1, … returned as its transpose (strides {@code [1, cols]}). */
    Tensor transposed(long rows, long cols);

    /** A {@code rows x cols} matrix of ones labelled {@code kDLCUDAHost}. */
    Tensor pinnedOnes(long rows, long cols);

    /** The sum of {@code (i + 1) * x[i]} in memory order: right for a contiguous tensor only. */
    double sumFlat(@Shape(value = {"r", "c"}, dtype = DType.FLOAT32, device = DeviceType.CPU,
            contiguous = true) Tensor x);

    /** The same library's functions, their results declared: checked on return. */
    @TvmFfi
    interface Declared {
        @Shape(value = {"c", "r"}, dtype = DType.FLOAT32, contiguous = true)
        Tensor transposed(long rows, long cols);

        @Shape(value = {"r", "c"}, device = DeviceType.CPU)
        Tensor pinnedOnes(long rows, long cols);

        /** Pinned host memory accepted where the declaration names it; any strides. */
        double sumFlat(@Shape(value = {"r", "c"}, device = {DeviceType.CPU, DeviceType.CUDA_HOST})
                Tensor x);
    }
}
