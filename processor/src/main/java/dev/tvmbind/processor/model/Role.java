package dev.tvmbind.processor.model;

import dev.tvmbind.TensorRole;
import java.util.Arrays;
import java.util.List;

/**
 * The part a parameter plays in its entry point. The tensor roles are listed in the order TVM
 * passes their structs to the run function.
 */
public enum Role {
    INPUT(TensorRole.INPUT, "Input tensor pointers", "Input tensors for the module"),
    OUTPUT(TensorRole.OUTPUT, "Output tensor pointers", "Output tensors for the module"),
    WORKSPACE_POOL(TensorRole.WORKSPACE_POOL, "Workspace pool pointers",
            "Workspace memory pool pointers for the module"),
    DEVICE(TensorRole.DEVICE, "Device context pointers", "Device context pointers for the module"),
    /** A parameter of a plain C function: it has no struct, so no struct texts. */
    PLAIN(null, null, null);

    /**
     * The tensor roles in the order TVM's run function takes their structs: the
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

    private final TensorRole tensorRole;
    private final String structBrief;
    private final String paramDoc;

    Role(TensorRole tensorRole, String structBrief, String paramDoc) {
        this.tensorRole = tensorRole;
        this.structBrief = structBrief;
        this.paramDoc = paramDoc;
    }

    /** How messages name a parameter of this role: "input", "workspace pool", .... */
    public String displayName() {
        return tensorRole == null ? "parameter" : tensorRole.toString();
    }

    /** The processor's role for the one table's: the one that holds it, not one of like name. */
    public static Role of(TensorRole role) {
        for (Role candidate : values()) {
            if (candidate.tensorRole == role) {
                return candidate;
            }
        }
        throw new IllegalArgumentException("no role holds " + role);
    }

    /** The one table's role; null for a plain function's parameter. */
    public TensorRole tensorRole() {
        return tensorRole;
    }

    /** The struct's last name part and the run function's parameter name, e.g. {@code inputs}. */
    public String structSuffix() {
        return tensorRole.structSuffix();
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
