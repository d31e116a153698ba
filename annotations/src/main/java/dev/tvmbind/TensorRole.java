package dev.tvmbind;

import java.util.List;

/**
 * The part a tensor plays in TVM's run function, in the order the function takes their structs
 * (README's "Java and C types": inputs, outputs, workspace pools, devices): what messages call it,
 * and whether the
 * model writes it.
 */
enum TensorRole {
    INPUT("input", false),
    OUTPUT("output", true),
    WORKSPACE_POOL("workspace pool", true),
    DEVICE("device", false);

    private final String displayName;
    /** Outputs and pools are written by the model; inputs and devices are the caller's to set. */
    final boolean written;

    TensorRole(String displayName, boolean written) {
        this.displayName = displayName;
        this.written = written;
    }

    /** The model's tensors of this role, in struct order. */
    List<TensorInfo> of(ModelInfo model) {
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
