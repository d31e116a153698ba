/**
 * The tvmbind DSL: annotations that describe the entry points of a TVM-compiled model, and the
 * small runtime API that generated bindings use.
 *
 * <p>{@link dev.tvmbind.TvmLibrary} finds models by name through the {@link dev.tvmbind.ModelProvider}
 * services that modules provide (the processor generates one per model).
 */
module dev.tvmbind {
    exports dev.tvmbind;

    uses dev.tvmbind.ModelProvider;
}
