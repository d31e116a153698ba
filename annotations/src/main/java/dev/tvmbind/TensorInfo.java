package dev.tvmbind;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One tensor, workspace pool or device of a model, as its interface declares it: what TVM's
 * {@code get_input_info}, ONNX Runtime's {@code getInputInfo()} or TFLite's {@code Tensor} tell.
 *
 * <pre>{@code
 * TensorInfo audio = KeywordSpotterBinding.INFO.inputs().getFirst();
 * audio.name();      // "input_1", as TVM calls it
 * audio.member();    // "input_1", the member of struct acme_kws_inputs
 * audio.dtype();     // "int8"
 * audio.shape();     // [1, 49, 10, 1]
 * audio.bytes();     // 490
 * }</pre>
 *
 * @param name the name as written in the annotation (TVM's name, e.g. {@code serving_default_x:0})
 * @param member the C struct member, the name sanitised as TVM does ({@code serving_default_x_0})
 * @param dtype the TVM dtype ({@code int8}, {@code float32}, ...), or empty when not known
 * @param shape the dimensions, or empty when not known
 * @param bytes the size in bytes, or 0 when not known
 */
public record TensorInfo(String name, String member, String dtype, List<Long> shape, long bytes) {
    /** Copies the shape, which is then unmodifiable. */
    public TensorInfo {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(member, "member");
        Objects.requireNonNull(dtype, "dtype");
        shape = List.copyOf(shape);
    }

    /**
     * The same with the shape as an array: what generated code writes, since javac resolves a
     * constructor with an array much faster than {@code List.of} with its overloads.
     *
     * @param name the name as written in the annotation
     * @param member the C struct member
     * @param dtype the TVM dtype, or empty
     * @param shape the dimensions, or none
     * @param bytes the size in bytes, or 0
     */
    public TensorInfo(String name, String member, String dtype, long[] shape, long bytes) {
        this(name, member, dtype, Arrays.stream(shape).boxed().toList(), bytes);
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
