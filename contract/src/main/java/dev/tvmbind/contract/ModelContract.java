package dev.tvmbind.contract;

import dev.tvmbind.TensorRole;
import java.util.List;
import java.util.Optional;

/**
 * A model as its {@code @TvmModel} interface describes it, in plain values: what the comparison
 * with TVM's output compares and what the record beside the classes holds. The processor makes
 * one per model after validation; the build's check and the runtime read one back from the
 * record.
 *
 * @param interfaceName the interface's canonical name
 * @param prefix the prefix of its C names
 * @param name the model name (TVM's {@code mod_name})
 * @param checked whether TVM's output must hold the model ({@code @TvmModel(checked = true)})
 * @param workspaceSize the declared workspace size in bytes
 * @param reentrant whether the interface declares {@code reentrant = true}
 * @param run the tensor entry point's signature, e.g. {@code run(byte[], byte[])}; empty
 *     without one
 * @param tensors its tensor parameters, in declaration order
 */
public record ModelContract(String interfaceName, String prefix, String name, boolean checked,
        long workspaceSize, boolean reentrant, Optional<String> run,
        List<TensorContract> tensors) {
    public ModelContract {
        tensors = List.copyOf(tensors);
    }

    /** {@code <prefix>_<model>}: the namespace of every C name of the model. */
    public String namespace() {
        return CNames.model(prefix, name);
    }

    /** The parameters of one role, in declaration order: the members of its struct. */
    public List<TensorContract> tensors(TensorRole role) {
        return tensors.stream().filter(t -> t.role() == role).toList();
    }
}
