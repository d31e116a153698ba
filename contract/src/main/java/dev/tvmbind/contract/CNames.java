package dev.tvmbind.contract;

import dev.tvmbind.TensorRole;
import java.util.Locale;
import java.util.Optional;

/**
 * How the C names of a model are composed from its parts, as TVM composes them
 * ({@code PrefixGeneratedName} and {@code ToCConstantStyle} in TVM's {@code name_transforms.cc}).
 * The processor's rules and writers, the TVM-output check and the runtime all take their names
 * from here: no other class composes {@code <prefix>_<model>}.
 */
public final class CNames {
    private CNames() {}

    /** TVM's own prefix: {@code tvmc}'s and {@code relay.build}'s, {@code tvmgen_default}. */
    public static final String DEFAULT_PREFIX = "tvmgen";

    private static final String FFI_FUNCTION = "__tvm_ffi_";
    /** How a binding names a function of TVM's global registry among its symbols. */
    private static final String FFI_GLOBAL = "global:";

    /** What a library TVM exported carries, which {@code ffi.ModuleLoadFromFile} sets. */
    public static final String FFI_LIBRARY_CONTEXT = "__tvm_ffi__library_ctx";
    /**
     * What a library TVM's compiler exported bundles its modules in: a Relax model's VM
     * executable, its constants and bound weights, or device code.
     */
    public static final String FFI_LIBRARY_BIN = "__tvm_ffi__library_bin";

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

    /** A struct tag of the run function, e.g. {@code tvmgen_default_inputs}. */
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

    /**
     * The symbol tvm-ffi's {@code TVM_FFI_DLL_EXPORT_TYPED_FUNC(name, …)} exports:
     * {@code __tvm_ffi_<name>}.
     */
    public static String ffiFunction(String name) {
        return FFI_FUNCTION + name;
    }

    /** The exported name of an FFI function's symbol, or empty when it is not one. */
    public static Optional<String> ffiName(String symbol) {
        return symbol.startsWith(FFI_FUNCTION) && !symbol.equals(FFI_LIBRARY_CONTEXT)
                ? Optional.of(symbol.substring(FFI_FUNCTION.length())) : Optional.empty();
    }

    /** The key a binding finds a function of TVM's global registry by: {@code global:<name>}. */
    public static String ffiGlobal(String name) {
        return FFI_GLOBAL + name;
    }

    /** The registry name in a global function's key, or empty when it is not one. */
    public static Optional<String> ffiGlobalName(String symbol) {
        return symbol.startsWith(FFI_GLOBAL) ? Optional.of(symbol.substring(FFI_GLOBAL.length()))
                : Optional.empty();
    }

    /**
     * The symbol of the type schema exported beside an FFI function's (built with
     * {@code TVM_FFI_DLL_EXPORT_INCLUDE_METADATA}), or empty when {@code symbol} is not one.
     */
    public static Optional<String> ffiMetadata(String symbol) {
        return ffiName(symbol).map(name -> "__tvm_ffi__metadata_" + name);
    }

    /** A C constant-style name (TVM's {@code ToCConstantStyle}): ASCII upper case. */
    public static String constant(String name) {
        return name.toUpperCase(Locale.ROOT);
    }
}
