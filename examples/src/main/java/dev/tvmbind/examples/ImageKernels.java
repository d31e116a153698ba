package dev.tvmbind.examples;

import dev.tvmbind.DType;
import dev.tvmbind.Shape;
import dev.tvmbind.TvmFfi;
import dev.tvmbind.runtime.ffi.Tensor;

/**
 * Kernels of tvm-ffi's C ABI, written in C++ against the header javac generates from this
 * interface ({@code target/include/image_kernels_ffi.h}): {@code src/main/cpp/image_kernels.cc},
 * built by {@link FfiExample} with g++ against the apache-tvm-ffi wheel, exporting its type
 * schemas, so that the load checks every method against its function.
 */
@TvmFfi
public interface ImageKernels {
    /** The mean of an 8x8 image's pixels. */
    double mean(@Shape(value = {"8", "8"}, dtype = DType.FLOAT32) Tensor image);

    /** 1 where a pixel is at or above {@code level}, else 0, into {@code out}. */
    void threshold(@Shape(value = {"8", "8"}, dtype = DType.FLOAT32) Tensor image, double level,
            @Shape(value = {"8", "8"}, dtype = DType.FLOAT32) Tensor out);

    /** A caption the library writes: the image's name and how many pixels are lit. */
    String caption(String name, long lit);
}
