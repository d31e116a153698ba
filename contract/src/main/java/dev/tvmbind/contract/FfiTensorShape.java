package dev.tvmbind.contract;

import dev.tvmbind.DType;
import dev.tvmbind.DeviceType;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a tensor of a {@code @TvmFfi} method must be ({@code @Shape}): its dimensions, each a
 * positive literal or a name shared across the method's tensors, its data type, the devices its
 * data may be on, and whether it must be contiguous, where declared.
 *
 * @param dims the dimensions, outermost first: {@code "784"} or {@code "n"}
 * @param dtype the data type; empty for any
 * @param devices the devices allowed; empty for any
 * @param contiguous whether strides other than the shape's row-major ones are refused
 */
public record FfiTensorShape(List<String> dims, Optional<DType> dtype, List<DeviceType> devices,
        boolean contiguous) {
    public FfiTensorShape {
        dims = List.copyOf(dims);
        Objects.requireNonNull(dtype, "dtype");
        devices = List.copyOf(devices);
    }

    /** Dimensions and a data type, on any device, of any strides. */
    public FfiTensorShape(List<String> dims, Optional<DType> dtype) {
        this(dims, dtype, List.of(), false);
    }

    /** This shape, its data on one of {@code devices}. */
    public FfiTensorShape on(DeviceType... devices) {
        return new FfiTensorShape(dims, dtype, List.of(devices), contiguous);
    }

    /** This shape, contiguous. */
    public FfiTensorShape contiguousOnly() {
        return new FfiTensorShape(dims, dtype, devices, true);
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

    /**
     * As messages print it: {@code float32[n, 784]}, {@code [3]} for any data type,
     * {@code float32[n, n] contiguous on cpu or cuda_host}.
     */
    @Override
    public String toString() {
        return dtype.map(DType::tvmName).orElse("") + "[" + String.join(", ", dims) + "]"
                + (contiguous ? " contiguous" : "") + (devices.isEmpty() ? "" : " on "
                + String.join(" or ", devices.stream().map(DeviceType::tvmName).toList()));
    }
}
