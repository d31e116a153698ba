package dev.tvmbind.contract;

import dev.tvmbind.TensorRole;
import java.util.List;
import java.util.Optional;

/**
 * A model as its {@code @TvmModel} interface describes it, in plain values: what the comparison
 * with TVM's output compares, what the record beside the classes holds and what the generated
 * binding states (the runtime's {@code ModelInfo} is a view of it). The processor makes one per
 * model after validation; the build's check and the runtime read one back from the record.
 *
 * @param interfaceName the interface's canonical name
 * @param prefix the prefix of its C names
 * @param name the model name (TVM's {@code mod_name})
 * @param checked whether TVM's output must hold the model ({@code @TvmModel(checked = true)})
 * @param workspaceSize the declared workspace size in bytes
 * @param reentrant whether the interface declares {@code reentrant = true}
 * @param entryPoints its entry points, in declaration order
 * @param tensors the tensor parameters of its run function, in declaration order
 */
public record ModelContract(String interfaceName, String prefix, String name, boolean checked,
        long workspaceSize, boolean reentrant, List<EntryPointContract> entryPoints,
        List<TensorContract> tensors) {
    public ModelContract {
        entryPoints = List.copyOf(entryPoints);
        tensors = List.copyOf(tensors);
    }

    /** The tensor entry point, TVM's run function, if the model has one. */
    public Optional<EntryPointContract> run() {
        return entryPoints.stream().filter(EntryPointContract::tensor).findFirst();
    }

    /** The C symbol of each entry point, in declaration order. */
    public List<String> symbols() {
        return entryPoints.stream().map(this::symbol).toList();
    }

    /** The C symbol of one entry point: {@code <prefix>_<model>_<function>}. */
    public String symbol(EntryPointContract entryPoint) {
        return CNames.symbol(namespace(), entryPoint.function());
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
