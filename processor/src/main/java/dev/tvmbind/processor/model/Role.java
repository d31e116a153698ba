package dev.tvmbind.processor.model;

import dev.tvmbind.runtime.internal.TensorRole;
import java.util.Arrays;
import java.util.List;

/**
 * The part a parameter plays in its entry point. The tensor roles are listed in the order TVM
 * passes their structs to the run function.
 */
public enum Role {
    INPUT(TensorRole.INPUT, "inputs", "Input tensor pointers", "Input tensors for the module"),
    OUTPUT(TensorRole.OUTPUT, "outputs", "Output tensor pointers", "Output tensors for the module"),
    WORKSPACE_POOL(TensorRole.WORKSPACE_POOL, "workspace_pools", "Workspace pool pointers",
            "Workspace memory pool pointers for the module"),
    DEVICE(TensorRole.DEVICE, "devices", "Device context pointers",
            "Device context pointers for the module"),
    /** A parameter of a plain C function: it has no struct, so no struct texts. */
    PLAIN(null, null, null, null);

    /**
     * The tensor roles in the order TVM's run function takes their structs: the runtime's
     * {@link TensorRole} order, the one table of roles, which executors use too (TVM's
     * interface_c.cc: inputs, outputs, workspace pools, devices); also the order of
     * {@code ModelInfo}'s lists.
     */
    public static final List<Role> RUN_ARGUMENT_ORDER = Arrays.stream(TensorRole.values())
            .map(Role::of).toList();

    /**
     * The order in which TVM's header declares the structs (TVM's interface_c.cc: inputs, outputs,
     * devices, workspace pools), which is not the run function's.
     */
    public static final List<Role> STRUCT_DECLARATION_ORDER = List.of(INPUT, OUTPUT, DEVICE, WORKSPACE_POOL);

    /** The runtime's role; null for a plain function's parameter. */
    private final TensorRole tensorRole;
    private final String structSuffix;
    private final String structBrief;
    private final String paramDoc;

    Role(TensorRole tensorRole, String structSuffix, String structBrief, String paramDoc) {
        this.tensorRole = tensorRole;
        this.structSuffix = structSuffix;
        this.structBrief = structBrief;
        this.paramDoc = paramDoc;
    }

    /** How messages name a parameter of this role: "input", "workspace pool", .... */
    public String displayName() {
        return tensorRole == null ? "parameter" : tensorRole.toString();
    }

    /** The processor's role for the runtime's. */
    private static Role of(TensorRole role) {
        return valueOf(role.name());
    }

    /** The struct's last name part and the run function's parameter name, e.g. {@code inputs}. */
    public String structSuffix() {
        return structSuffix;
    }

    /** TVM's brief of the struct's doc comment. */
    public String structBrief() {
        return structBrief;
    }

    /** TVM's text after the parameter name in the run function's {@code \param} line. */
    public String paramDoc() {
        return paramDoc;
    }

    public boolean isTensor() {
        return this != PLAIN;
    }
}
