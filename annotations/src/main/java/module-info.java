/**
 * The tvmbind DSL: annotations that describe the entry points of a TVM-compiled model, and the
 * small runtime API that generated bindings use.
 */
module dev.tvmbind {
    exports dev.tvmbind;
}
