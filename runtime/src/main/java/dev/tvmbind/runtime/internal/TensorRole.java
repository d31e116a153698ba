package dev.tvmbind.runtime.internal;

/**
 * The part a tensor plays in TVM's run function, in the order the function takes their structs
 * (TVM's {@code interface_c.cc}: inputs, outputs, workspace pools, devices): what messages call
 * it, and whether the model writes it. The one table of roles: the processor (which shades this
 * class) orders the run function's arguments and the binding's {@code INFO} by it, executors
 * their structs.
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

    @Override
    public String toString() {
        return displayName;
    }
}
