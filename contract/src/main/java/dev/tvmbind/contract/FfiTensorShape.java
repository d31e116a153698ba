package dev.tvmbind.contract;

import dev.tvmbind.DType;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a tensor of a {@code @TvmFfi} method must be ({@code @Shape}): its dimensions, each a
 * positive literal or a name shared across the method's tensors, and its data type, if declared.
 *
 * @param dims the dimensions, outermost first: {@code "784"} or {@code "n"}
 * @param dtype the data type; empty for any
 */
public record FfiTensorShape(List<String> dims, Optional<DType> dtype) {
    public FfiTensorShape {
        dims = List.copyOf(dims);
        Objects.requireNonNull(dtype, "dtype");
    }

    /** A shape of any data type. */
    public static FfiTensorShape of(String... dims) {
        return new FfiTensorShape(List.of(dims), Optional.empty());
    }

    /** A shape of one data type. */
    public static FfiTensorShape of(DType dtype, String... dims) {
        return new FfiTensorShape(List.of(dims), Optional.of(dtype));
    }

    /** Whether dimension {@code i} is a name, not a literal. */
    public boolean symbolic(int i) {
        return !Character.isDigit(dims.get(i).charAt(0));
    }

    /** As messages print it: {@code float32[n, 784]}, {@code [3]} for any data type. */
    @Override
    public String toString() {
        return dtype.map(DType::tvmName).orElse("") + "[" + String.join(", ", dims) + "]";
    }
}
