package dev.tvmbind.it;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.TvmFfi;
import dev.tvmbind.runtime.ffi.Tensor;

/** A {@code tvm::ffi::Tensor} parameter declared without {@code @TvmFfi.Owned}: a mistake. */
@TvmFfi
public interface FfiTensorMistake {
    @EntryPoint("sum_owned")
    float sumOwned(Tensor x);
}
