package dev.tvmbind.contract;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One function of a {@code @TvmFfi} interface, as its binding states it: the Java method, what it
 * calls, and its types, which the load compares with the schema the library exported.
 *
 * @param javaName the method's name
 * @param name the exported name ({@code add}), or the function's name in TVM's global registry
 * @param kind how the binding finds it
 * @param result its result type ({@link FfiType.Plain#VOID} for none)
 * @param parameters its parameters, in order
 * @param resultShape what a tensor result must be ({@code @Shape} on the method), if declared
 */
public record FfiFunctionContract(String javaName, String name, Kind kind, FfiType result,
        List<Parameter> parameters, Optional<FfiTensorShape> resultShape) {
    /** How a binding finds a function. */
    public enum Kind {
        /** A symbol the library exports: {@code __tvm_ffi_<name>}. */
        EXPORTED,
        /** A function of TVM's global registry ({@code @Global}). */
        GLOBAL,
        /** A Relax function a VM runs ({@code @TvmRelax}), found by its name. */
        RELAX
    }

    /**
     * One parameter.
     *
     * @param name its Java name
     * @param type its type
     * @param shape what a tensor must be ({@code @Shape}), if declared
     */
    public record Parameter(String name, FfiType type, Optional<FfiTensorShape> shape) {
        public Parameter {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(shape, "shape");
        }
    }

    public FfiFunctionContract {
        Objects.requireNonNull(javaName, "javaName");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(result, "result");
        parameters = List.copyOf(parameters);
        Objects.requireNonNull(resultShape, "resultShape");
    }

    /** A function the library exports as {@code __tvm_ffi_<name>}. */
    public static FfiFunctionContract exported(String javaName, String name, FfiType result,
            Parameter... parameters) {
        return new FfiFunctionContract(javaName, name, Kind.EXPORTED, result, List.of(parameters),
                Optional.empty());
    }

    /** A function of TVM's global registry, {@code name} its key there. */
    public static FfiFunctionContract global(String javaName, String name, FfiType result,
            Parameter... parameters) {
        return new FfiFunctionContract(javaName, name, Kind.GLOBAL, result, List.of(parameters),
                Optional.empty());
    }

    /**
     * A Relax function of a {@code @TvmRelax} interface.
     *
     * @param javaName the method
     * @param name the Relax function's name
     * @param result its result type
     * @param parameters its parameters
     * @return the contract
     */
    public static FfiFunctionContract relax(String javaName, String name, FfiType result,
            Parameter... parameters) {
        return new FfiFunctionContract(javaName, name, Kind.RELAX, result, List.of(parameters),
                Optional.empty());
    }

    /** A parameter of {@code type}. */
    public static Parameter parameter(String name, FfiType type) {
        return new Parameter(name, type, Optional.empty());
    }

    /** A tensor parameter that must be {@code shape}. */
    public static Parameter parameter(String name, FfiType type, FfiTensorShape shape) {
        return new Parameter(name, type, Optional.of(shape));
    }

    /** This function, its tensor result required to be {@code shape}. */
    public FfiFunctionContract returning(FfiTensorShape shape) {
        return new FfiFunctionContract(javaName, name, kind, result, parameters,
                Optional.of(shape));
    }

    /** Whether any tensor of it declares a shape: then the binding checks them. */
    public boolean shaped() {
        return resultShape.isPresent() || parameters.stream().anyMatch(p -> p.shape().isPresent());
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

    /**
     * What a binding calls it by: its symbol, for a global function its registry key, for a
     * Relax function its name.
     */
    public String symbol() {
        return switch (kind) {
            case EXPORTED -> CNames.ffiFunction(name);
            case GLOBAL -> CNames.ffiGlobal(name);
            case RELAX -> name;
        };
    }
}
