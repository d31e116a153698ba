package com.acme;

import dev.tvmbind.DType;
import dev.tvmbind.Shape;
import dev.tvmbind.TvmRelax;
import dev.tvmbind.runtime.ffi.Tensor;

/** The scorer, as its library declares it. */
@TvmRelax
public interface Model {
    @Shape(value = {"n", "4"}, dtype = DType.FLOAT32)
    Tensor score(@Shape(value = {"n", "16"}, dtype = DType.FLOAT32) Tensor x);
}
