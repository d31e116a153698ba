package dev.tvmbind.it;

import dev.tvmbind.TvmFfi;
import dev.tvmbind.runtime.ffi.Tensor;

/**
 * The tensor functions of {@code src/test/ffi/ffi_types.cc}: {@code tvm::ffi::Tensor} parameters
 * (owned), tensors the library allocates and returns, and {@code TensorView}s of any data type.
 */
@TvmFfi
public interface FfiTensorFunctions {
    float sumOwned(@TvmFfi.Owned Tensor x);

    float sumFloats(Tensor x);

    long keep(@TvmFfi.Owned Tensor x);

    float sumKept();

    void dropKeptElsewhere();

    Tensor iota(long n);

    long liveTensors();

    Tensor same(@TvmFfi.Owned Tensor x);

    String describe(Tensor x);

    Tensor ones(long n);

    Tensor onesElsewhere(long n);

    Tensor onTheGpu(long n);

    long alignmentOf(Tensor x);
}
