package dev.tvmbind.examples;

import dev.tvmbind.DType;
import dev.tvmbind.Shape;
import dev.tvmbind.TvmRelax;
import dev.tvmbind.runtime.ffi.Tensor;

/**
 * The Relax functions of {@code target/relax/line_templates.so}, described by {@code tvmbind
 * describe} from the library itself: names and parameters from TVM's VM, dtypes and shapes
 * from the annotations its checks carry (the executable's {@code stats}).
 */
@TvmRelax
public interface LineTemplates extends AutoCloseable {
    /**
     * Relax function {@code classify}.
     *
     * @param image {@code R.Tensor((n, 64), dtype="float32")}
     * @return {@code R.Tensor((n, 3), dtype="float32")}
     */
    @Shape(
            value = {"n", "3"},
            dtype = DType.FLOAT32
    )
    Tensor classify(@Shape(value = {"n", "64"}, dtype = DType.FLOAT32) Tensor image);

    /**
     * Releases the library's VMs once the calls running returned.
     */
    @Override
    void close();
}
