package dev.tvmbind.runtime;

import dev.tvmbind.DType;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One tensor, workspace pool or device of a model, as its interface declares it: what TVM's
 * {@code get_input_info}, ONNX Runtime's {@code getInputInfo()} or TFLite's {@code Tensor} tell.
 * Read-only; generated bindings describe their tensors, nothing else makes one.
 *
 * <pre>{@code
 * TensorInfo audio = TvmModels.info(KeywordSpotter.class).inputs().getFirst();
 * audio.name();      // "input_1", as TVM calls it
 * audio.member();    // "input_1", the member of struct acme_kws_inputs
 * audio.dtype();     // Optional[int8]
 * audio.shape();     // Optional[[1, 49, 10, 1]]
 * audio.bytes();     // OptionalLong[490]
 * }</pre>
 *
 * <p>What the interface does not say is unknown, and unknown is always an empty
 * {@code Optional}.
 */
public final class TensorInfo {
    private final String name;
    private final String member;
    private final DType dtype;
    private final List<Long> shape;
    /** Negative when unknown. */
    private final long bytes;

    /** Made by generated code, through {@code dev.tvmbind.runtime.internal}. */
    TensorInfo(String name, String member, DType dtype, List<Long> shape, long bytes) {
        this.name = Objects.requireNonNull(name, "name");
        this.member = Objects.requireNonNull(member, "member");
        this.dtype = dtype;
        this.shape = shape == null ? null : List.copyOf(shape);
        this.bytes = bytes;
    }

    /**
     * The name as written in the annotation.
     *
     * @return TVM's name, e.g. {@code serving_default_x:0}
     */
    public String name() {
        return name;
    }

    /**
     * The C struct member: the name sanitised as TVM does.
     *
     * @return e.g. {@code serving_default_x_0}
     */
    public String member() {
        return member;
    }

    /**
     * The dtype.
     *
     * @return it, or empty when not known
     */
    public Optional<DType> dtype() {
        return Optional.ofNullable(dtype);
    }

    /**
     * The dimensions.
     *
     * @return them (unmodifiable), or empty when not known
     */
    public Optional<List<Long>> shape() {
        return Optional.ofNullable(shape);
    }

    /**
     * The size in bytes.
     *
     * @return it, or empty when not known
     */
    public OptionalLong bytes() {
        return bytes < 0 ? OptionalLong.empty() : OptionalLong.of(bytes);
    }

    /**
     * The number of elements the shape holds.
     *
     * @return the product of the dimensions, or empty without a shape
     */
    public OptionalLong elementCount() {
        return shape == null ? OptionalLong.empty()
                : OptionalLong.of(shape.stream().reduce(1L, Math::multiplyExact));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TensorInfo that && name.equals(that.name)
                && member.equals(that.member) && dtype == that.dtype
                && Objects.equals(shape, that.shape) && bytes == that.bytes;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, member, dtype, shape, bytes);
    }

    @Override
    public String toString() {
        return "TensorInfo[name=" + name + ", member=" + member + ", dtype="
                + (dtype == null ? "?" : dtype) + ", shape=" + (shape == null ? "?" : shape)
                + ", bytes=" + (bytes < 0 ? "?" : bytes) + "]";
    }
}
