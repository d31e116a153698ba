package dev.tvmbind.runtime.internal;

import dev.tvmbind.runtime.ModelInfo;
import dev.tvmbind.runtime.TensorInfo;
import java.util.List;

/**
 * The part a tensor plays in TVM's run function, in the order the function takes their structs
 * (README's "Java and C types": inputs, outputs, workspace pools, devices): what messages call it,
 * and whether the
 * model writes it.
 */
public enum TensorRole {
    /** An input: the first struct. */
    INPUT("input", false),
    /** An output. */
    OUTPUT("output", true),
    /** A workspace pool, when the model has any. */
    WORKSPACE_POOL("workspace pool", true),
    /** A device context, when the model has any. */
    DEVICE("device", false);

    private final String displayName;
    private final boolean written;

    TensorRole(String displayName, boolean written) {
        this.displayName = displayName;
        this.written = written;
    }

    /**
     * Whether the model writes tensors of this role: outputs and pools; inputs and devices are
     * the caller's to set.
     *
     * @return whether C writes it
     */
    public boolean written() {
        return written;
    }

    /**
     * The model's tensors of this role.
     *
     * @param model the model
     * @return its tensors of this role, in struct order
     */
    public List<TensorInfo> of(ModelInfo model) {
        return switch (this) {
            case INPUT -> model.inputs();
            case OUTPUT -> model.outputs();
            case WORKSPACE_POOL -> model.workspacePools();
            case DEVICE -> model.devices();
        };
    }

    @Override
    public String toString() {
        return displayName;
    }
}
