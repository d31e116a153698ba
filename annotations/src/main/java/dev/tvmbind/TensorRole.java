package dev.tvmbind;

/**
 * The part a tensor plays in TVM's run function ({@link Input}, {@link Output},
 * {@link WorkspacePool}, {@link Device}), in the order the function takes their structs (TVM's
 * {@code src/target/source/interface_c.cc}: inputs,
 * outputs, workspace pools, devices): what messages call it, and whether the model writes it.
 * The one table of roles: the processor and the TVM-output check order the run function's
 * arguments and a binding's {@code INFO} by it, executors their structs.
 */
public enum TensorRole {
    /** An input: the first struct. */
    INPUT("input", "inputs", false),
    /** An output. */
    OUTPUT("output", "outputs", true),
    /** A workspace pool, when the model has any. */
    WORKSPACE_POOL("workspace pool", "workspace_pools", true),
    /** A device context, when the model has any. */
    DEVICE("device", "devices", false);

    private final String displayName;
    private final String structSuffix;
    private final boolean written;

    TensorRole(String displayName, String structSuffix, boolean written) {
        this.displayName = displayName;
        this.structSuffix = structSuffix;
        this.written = written;
    }

    /**
     * The last part of the struct's name ({@code <prefix>_<model>_inputs}), which is also the
     * run function's parameter name.
     *
     * @return {@code inputs}, {@code outputs}, {@code workspace_pools} or {@code devices}
     */
    public String structSuffix() {
        return structSuffix;
    }

    /**
     * The struct of this role in a model's C interface, as TVM's header declares it.
     *
     * @param namespace {@code <prefix>_<model>}, e.g. {@code tvmgen_default}
     * @return e.g. {@code tvmgen_default_inputs}
     */
    public String struct(String namespace) {
        return namespace + "_" + structSuffix;
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

    @Override
    public String toString() {
        return displayName;
    }
}
