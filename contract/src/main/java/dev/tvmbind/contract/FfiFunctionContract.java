package dev.tvmbind.contract;

import java.util.List;
import java.util.Objects;

/**
 * One function of a {@code @TvmFfi} interface, as its binding states it: the Java method, what it
 * calls, and its types, which the load compares with the schema the library exported.
 *
 * @param javaName the method's name
 * @param name the exported name ({@code add}), or the function's name in TVM's global registry
 * @param kind how the binding finds it
 * @param result its result type ({@link FfiType.Plain#VOID} for none)
 * @param parameters its parameters, in order
 */
public record FfiFunctionContract(String javaName, String name, Kind kind, FfiType result,
        List<Parameter> parameters) {
    /** How a binding finds a function. */
    public enum Kind {
        /** A symbol the library exports: {@code __tvm_ffi_<name>}. */
        EXPORTED,
        /** A function of TVM's global registry ({@code @Global}). */
        GLOBAL
    }

    /**
     * One parameter.
     *
     * @param name its Java name
     * @param type its type
     */
    public record Parameter(String name, FfiType type) {
        public Parameter {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
        }
    }

    public FfiFunctionContract {
        Objects.requireNonNull(javaName, "javaName");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(result, "result");
        parameters = List.copyOf(parameters);
    }

    /** A function the library exports as {@code __tvm_ffi_<name>}. */
    public static FfiFunctionContract exported(String javaName, String name, FfiType result,
            Parameter... parameters) {
        return new FfiFunctionContract(javaName, name, Kind.EXPORTED, result, List.of(parameters));
    }

    /** A function of TVM's global registry, {@code name} its key there. */
    public static FfiFunctionContract global(String javaName, String name, FfiType result,
            Parameter... parameters) {
        return new FfiFunctionContract(javaName, name, Kind.GLOBAL, result, List.of(parameters));
    }

    /** A parameter of {@code type}. */
    public static Parameter parameter(String name, FfiType type) {
        return new Parameter(name, type);
    }

    /** Whether it is a function of TVM's global registry. */
    public boolean global() {
        return kind == Kind.GLOBAL;
    }

    /** The method as Java declares it: {@code long add(long a, long b)}. */
    public String method() {
        return result.javaName() + " " + javaName + "(" + String.join(", ", parameters.stream()
                .map(p -> p.type().javaName() + " " + p.name()).toList()) + ")";
    }

    /** What a binding calls it by: its symbol, or for a global function its registry key. */
    public String symbol() {
        return global() ? CNames.ffiGlobal(name) : CNames.ffiFunction(name);
    }
}
