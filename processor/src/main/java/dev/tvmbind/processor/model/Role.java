package dev.tvmbind.processor.model;

import java.util.List;

/**
 * The part a parameter plays in its entry point. The tensor roles are listed in the order TVM
 * passes their structs to the run function.
 */
public enum Role {
    INPUT("input", "inputs", "Input tensor pointers", "Input tensors for the module"),
    OUTPUT("output", "outputs", "Output tensor pointers", "Output tensors for the module"),
    WORKSPACE_POOL("workspace pool", "workspace_pools", "Workspace pool pointers",
            "Workspace memory pool pointers for the module"),
    DEVICE("device", "devices", "Device context pointers", "Device context pointers for the module"),
    /** A parameter of a plain C function: it has no struct, so no struct texts. */
    PLAIN("parameter", null, null, null);

    /**
     * The tensor roles in the order TVM's run function takes their structs (TVM's interface_c.cc,
     * its run function:
     * inputs, outputs, workspace pools, devices): also the order of {@code ModelInfo}'s lists.
     */
    public static final List<Role> RUN_ARGUMENT_ORDER = List.of(INPUT, OUTPUT, WORKSPACE_POOL, DEVICE);

    /**
     * The order in which TVM's header declares the structs (TVM's interface_c.cc: inputs, outputs,
     * devices, workspace pools), which is not the run function's.
     */
    public static final List<Role> STRUCT_DECLARATION_ORDER = List.of(INPUT, OUTPUT, DEVICE, WORKSPACE_POOL);

    private final String displayName;
    private final String structSuffix;
    private final String structBrief;
    private final String paramDoc;

    Role(String displayName, String structSuffix, String structBrief, String paramDoc) {
        this.displayName = displayName;
        this.structSuffix = structSuffix;
        this.structBrief = structBrief;
        this.paramDoc = paramDoc;
    }

    /** How messages name a parameter of this role: "input", "workspace pool", .... */
    public String displayName() {
        return displayName;
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
