package dev.tvmbind.runtime;

import dev.tvmbind.DType;
import dev.tvmbind.contract.TensorContract;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One tensor, workspace pool or device of a model, as its interface declares it (a view of the
 * tensor in the model's contract, which the build's check compared with TVM's output): what TVM's
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
    private final TensorContract contract;

    /** Made by generated code, through {@code dev.tvmbind.runtime.internal}. */
    TensorInfo(TensorContract contract) {
        this.contract = Objects.requireNonNull(contract, "contract");
    }

    /** What it shows: the tensor in the model's contract, the record's and the check's too. */
    TensorContract contract() {
        return contract;
    }

    /**
     * The name as written in the annotation.
     *
     * @return TVM's name, e.g. {@code serving_default_x:0}
     */
    public String name() {
        return contract.name();
    }

    /**
     * The C struct member: the name sanitised as TVM does.
     *
     * @return e.g. {@code serving_default_x_0}
     */
    public String member() {
        return contract.member();
    }

    /**
     * The dtype.
     *
     * @return it, or empty when not known
     */
    public Optional<DType> dtype() {
        return contract.dtype();
    }

    /**
     * The dimensions.
     *
     * @return them (unmodifiable), or empty when not known
     */
    public Optional<List<Long>> shape() {
        // The contract's shape is empty when unknown, and no tensor of TVM's is a scalar.
        return contract.shape().isEmpty() ? Optional.empty() : Optional.of(contract.shape());
    }

    /**
     * The size in bytes.
     *
     * @return it, or empty when not known
     */
    public OptionalLong bytes() {
        return contract.size() > 0 ? OptionalLong.of(contract.size()) : OptionalLong.empty();
    }

    /**
     * The number of elements the shape holds.
     *
     * @return the product of the dimensions, or empty without a shape
     */
    public OptionalLong elementCount() {
        return contract.shape().isEmpty() ? OptionalLong.empty()
                : OptionalLong.of(contract.shape().stream().reduce(1L, Math::multiplyExact));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TensorInfo that && contract.equals(that.contract);
    }

    @Override
    public int hashCode() {
        return contract.hashCode();
    }

    @Override
    public String toString() {
        return "TensorInfo[name=" + name() + ", member=" + member() + ", dtype="
                + dtype().map(String::valueOf).orElse("?") + ", shape="
                + shape().map(String::valueOf).orElse("?") + ", bytes="
                + (contract.size() > 0 ? contract.size() : "?") + "]";
    }
}
