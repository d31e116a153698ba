/**
 * What a tvmbind application runs: {@link dev.tvmbind.runtime.TvmLibrary} and its executors,
 * {@link dev.tvmbind.runtime.TvmModels}, and the descriptions of models. Requires the DSL
 * and the contract (whose typed descriptions of tvm-ffi functions generated bindings state)
 * transitively, so an application needs {@code requires dev.tvmbind.runtime;} alone.
 *
 * <p>Packages {@code dev.tvmbind.runtime.internal} (models) and
 * {@code dev.tvmbind.runtime.internal.ffi} (tvm-ffi and Relax) are what generated bindings call:
 * exported because bindings live in applications' modules, with no compatibility promise (a
 * binding checks the contract version it was generated for first);
 * {@code dev.tvmbind.runtime.internal.shared}, what both use, is exported to nobody. This
 * module lends its native access to nobody: it opens a library or takes a lookup only for a
 * caller whose module has native access, as FFM's restricted methods do, and links executors'
 * runs in such libraries only; the bindings link and call their models' functions with the
 * access of the module that holds them.
 *
 * <p>{@link dev.tvmbind.runtime.TvmLibrary} finds models by name through the
 * {@link dev.tvmbind.runtime.ModelProvider} services that modules provide (the processor
 * generates one per model).
 */
module dev.tvmbind.runtime {
    requires transitive dev.tvmbind;
    requires transitive dev.tvmbind.contract;
    requires com.google.gson;

    exports dev.tvmbind.runtime;
    exports dev.tvmbind.runtime.ffi;
    exports dev.tvmbind.runtime.internal;
    exports dev.tvmbind.runtime.internal.ffi;
    exports dev.tvmbind.runtime.relax;

    uses dev.tvmbind.runtime.ModelProvider;
}
