package dev.tvmbind.it;

import dev.tvmbind.TvmFfi;
import java.util.List;

/** Functions of {@code ffi_containers.cc} declared with shapes where they have none, and back. */
@TvmFfi
public interface ShapeMismatched {
    /** {@code [int] -> ffi.Array<int>}. */
    long[] range(long n);

    /** {@code [ffi.Shape] -> int}. */
    long shapeProduct(List<Long> shape);
}
