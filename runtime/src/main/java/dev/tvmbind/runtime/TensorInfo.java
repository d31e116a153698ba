package dev.tvmbind.runtime;

import dev.tvmbind.DType;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One tensor, workspace pool or device of a model, as its interface declares it: what TVM's
 * {@code get_input_info}, ONNX Runtime's {@code getInputInfo()} or TFLite's {@code Tensor} tell.
 *
 * <pre>{@code
 * TensorInfo audio = TvmModels.info(KeywordSpotter.class).inputs().getFirst();
 * audio.name();      // "input_1", as TVM calls it
 * audio.member();    // "input_1", the member of struct acme_kws_inputs
 * audio.dtype();     // Optional[int8]
 * audio.shape();     // [1, 49, 10, 1]
 * audio.bytes();     // 490
 * }</pre>
 *
 * <p>Generated bindings build theirs as {@code TensorInfo.named("input_1").dtype(DType.INT8)
 * .shape(1, 49, 10, 1).bytes(490)}: each step returns a copy with one more fact.
 *
 * @param name the name as written in the annotation (TVM's name, e.g. {@code serving_default_x:0})
 * @param member the C struct member, the name sanitised as TVM does ({@code serving_default_x_0})
 * @param dtype the dtype, or empty when not known
 * @param shape the dimensions, or empty when not known
 * @param bytes the size in bytes, or 0 when not known
 */
public record TensorInfo(String name, String member, Optional<DType> dtype, List<Long> shape,
        long bytes) {
    /** Copies the shape, which is then unmodifiable. */
    public TensorInfo {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(member, "member");
        Objects.requireNonNull(dtype, "dtype");
        shape = List.copyOf(shape);
    }

    /**
     * A tensor known by name only: its struct member is the name, nothing else is known.
     *
     * @param name the name as written in the annotation
     * @return the tensor
     */
    public static TensorInfo named(String name) {
        return new TensorInfo(name, name, Optional.empty(), List.of(), 0);
    }

    /**
     * The same with another struct member: TVM's sanitised name, where it differs.
     *
     * @param member the C struct member
     * @return a copy
     */
    public TensorInfo member(String member) {
        return new TensorInfo(name, member, dtype, shape, bytes);
    }

    /**
     * The same with a dtype.
     *
     * @param dtype the dtype
     * @return a copy
     */
    public TensorInfo dtype(DType dtype) {
        return new TensorInfo(name, member, Optional.of(dtype), shape, bytes);
    }

    /**
     * The same with a shape.
     *
     * @param dimensions the dimensions
     * @return a copy
     */
    public TensorInfo shape(long... dimensions) {
        return new TensorInfo(name, member, dtype, Arrays.stream(dimensions).boxed().toList(), bytes);
    }

    /**
     * The same with a size.
     *
     * @param bytes the size in bytes
     * @return a copy
     */
    public TensorInfo bytes(long bytes) {
        return new TensorInfo(name, member, dtype, shape, bytes);
    }

    /**
     * The number of elements the shape holds.
     *
     * @return the product of the dimensions, or 0 without a shape
     */
    public long elementCount() {
        return shape.isEmpty() ? 0 : shape.stream().reduce(1L, Math::multiplyExact);
    }
}
