package dev.tvmbind.processor.naming;

import dev.tvmbind.TensorRole;
import java.util.Locale;

/**
 * How the C names of a model are composed from its parts, as TVM composes them
 * ({@code PrefixGeneratedName} and {@code ToCConstantStyle} in TVM's {@code name_transforms.cc}).
 * Validation, the header writer and the binding writer all take their names from here.
 */
public final class CNames {
    private CNames() {}

    /** {@code <prefix>_<model>}. */
    public static String model(String prefix, String model) {
        return prefix + "_" + model;
    }

    /** The linker symbol of a function: {@code <prefix>_<model>_<function>}. */
    public static String symbol(String namespace, String function) {
        return namespace + "_" + function;
    }

    public static String headerFile(String namespace) {
        return namespace + ".h";
    }

    public static String includeGuard(String namespace) {
        return constant(namespace) + "_H_";
    }

    /**
     * A struct tag of the run function, e.g. {@code tvmgen_default_inputs}: the role composes
     * it, so that the TVM-output check, which cannot reach this class, names it the same.
     */
    public static String struct(String namespace, TensorRole role) {
        return role.struct(namespace);
    }

    /** The size macro of an input or output, e.g. {@code TVMGEN_DEFAULT_INPUT_SIZE}. */
    public static String tensorSizeMacro(String namespace, String member) {
        return constant(namespace + "_" + member + "_size");
    }

    /** The size macro of a workspace pool. */
    public static String poolSizeMacro(String namespace, String member) {
        return constant(namespace + "_" + member + "_workspace_pool_size");
    }

    public static String workspaceSizeMacro(String namespace) {
        return constant(namespace + "_workspace_size");
    }

    /** A C constant-style name (TVM's {@code ToCConstantStyle}): ASCII upper case. */
    public static String constant(String name) {
        return name.toUpperCase(Locale.ROOT);
    }
}
