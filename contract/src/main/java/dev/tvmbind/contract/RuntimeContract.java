package dev.tvmbind.contract;


/**
 * The version of the contract between generated bindings and the runtime's
 * {@code dev.tvmbind.runtime.internal}, which has no compatibility promise. The processor writes
 * the version it was built with into every binding; the runtime compares it with the version it
 * was built with. Both read it here, so that one release cannot disagree with itself.
 */
public final class RuntimeContract {
    private RuntimeContract() {}

    /** Raised whenever what generated code calls in the runtime changes incompatibly. */
    public static final int VERSION = 3;
}
