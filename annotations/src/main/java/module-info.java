/**
 * The tvmbind DSL: the annotations that describe the entry points of a TVM-compiled model. What
 * runs is in module {@code dev.tvmbind.runtime}, which requires this one transitively.
 */
module dev.tvmbind {
    exports dev.tvmbind;
}
