package dev.tvmbind.check;

import dev.tvmbind.TensorRole;
import java.util.List;
import java.util.Optional;

/**
 * A model as its {@code @TvmModel} interface describes it, in plain values: what the comparison
 * with TVM's output needs, without javac. The processor makes one from the interface it read; the
 * build's check reads one from the record the processor left beside the classes.
 *
 * @param interfaceName the interface's canonical name
 * @param namespace {@code <prefix>_<model>}
 * @param checked whether TVM's output must hold the model ({@code @TvmModel(checked = true)})
 * @param workspaceSize the declared workspace size in bytes
 * @param reentrant whether the interface declares {@code reentrant = true}
 * @param run the tensor entry point's signature, e.g. {@code run(byte[], byte[])}; empty
 *     without one
 * @param tensors its tensor parameters, in declaration order
 */
public record DescribedModel(String interfaceName, String namespace, boolean checked,
        long workspaceSize, boolean reentrant, Optional<String> run,
        List<DescribedTensor> tensors) {
    public DescribedModel {
        tensors = List.copyOf(tensors);
    }

    /** The parameters of one role, in declaration order: the members of its struct. */
    public List<DescribedTensor> tensors(TensorRole role) {
        return tensors.stream().filter(t -> t.role() == role).toList();
    }
}
