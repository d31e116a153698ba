package dev.tvmbind.processor.model;

/**
 * The part a parameter plays in its entry point. The tensor roles are listed in the order TVM
 * passes their structs to the run function.
 */
public enum Role {
    INPUT("inputs", "Input tensor pointers", "Input tensors for the module"),
    OUTPUT("outputs", "Output tensor pointers", "Output tensors for the module"),
    WORKSPACE_POOL("workspace_pools", "Workspace pool pointers",
            "Workspace memory pool pointers for the module"),
    DEVICE("devices", "Device context pointers", "Device context pointers for the module"),
    /** A parameter of a plain C function. */
    PLAIN("", "", "");

    private final String structSuffix;
    private final String structBrief;
    private final String paramDoc;

    Role(String structSuffix, String structBrief, String paramDoc) {
        this.structSuffix = structSuffix;
        this.structBrief = structBrief;
        this.paramDoc = paramDoc;
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
