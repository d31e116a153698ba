package dev.tvmbind.processor.model;

import dev.tvmbind.DType;
import dev.tvmbind.DeviceType;
import dev.tvmbind.contract.FfiFunctionContract;
import dev.tvmbind.contract.FfiTensorShape;
import dev.tvmbind.contract.FfiType;
import dev.tvmbind.processor.naming.SnakeCase;
import java.util.List;
import java.util.Optional;

/**
 * A {@code @TvmFfi} interface as read: its names and its functions, each with where it was
 * written. What the FFI rules decide on and the FFI binding is generated from.
 *
 * @param kind what the annotated type is: {@code interface}, or {@code class}, {@code enum}…,
 *     whose methods are not read
 * @param packageName the interface's package
 * @param simpleNames its simple name, and those of the types it is nested in, outermost first
 * @param functions its functions, in declaration order
 * @param unsupported each type of theirs no FFI type maps, in declaration order: the functions
 *     that have one hold a null {@code FfiType} there, and are never generated
 * @param generatedAnnotation whether {@code @Generated} can be written (java.compiler is read)
 * @param members the member types and constants the interface declares or inherits: in the
 *     binding's {@code Linked}, which implements it, their names mean them
 * @param packageTypeNames the simple names of the types of the interface's package, which hide
 *     java.lang's classes of their name in the binding
 * @param site the interface
 * @param relax whether it is a {@code @TvmRelax} interface: its functions are a VM's
 * @param closeable whether it extends {@code AutoCloseable} (a Relax binding then releases its
 *     VMs at {@code close()})
 */
public record FfiSpec(String kind, String packageName, List<String> simpleNames,
        List<Function> functions, List<Unsupported> unsupported, boolean generatedAnnotation,
        List<ScopeMember> members, java.util.Set<String> packageTypeNames, Site site,
        boolean relax, boolean closeable) {
    /**
     * A parameter or result whose Java type maps to no type of TVM's FFI.
     *
     * @param site the parameter, or the method for its result
     * @param what {@code parameter x} or {@code the result}
     * @param method the method's name
     * @param type the type as written
     */
    public record Unsupported(Site site, String what, String method, String type) {}

    /** Its C++ header: {@code kernels_ffi.h}, {@code outer_inner_ffi.h} for a nested interface. */
    public String headerFile() {
        return String.join("_", simpleNames.stream().map(SnakeCase::of).toList()) + "_ffi.h";
    }

    /** The interface's name as Java source writes it. */
    /** The interface's binary name: {@code com.acme.Outer$Inner}. */
    public String binaryName() {
        return (packageName.isEmpty() ? "" : packageName + ".") + String.join("$", simpleNames);
    }

    public String qualifiedName() {
        String nested = String.join(".", simpleNames);
        return packageName.isEmpty() ? nested : packageName + "." + nested;
    }

    /**
     * One function.
     *
     * @param javaName the method's name
     * @param name the exported name: {@code @EntryPoint}'s value, or the method in snake case
     * @param parameters its parameters
     * @param result its result type
     * @param critical whether {@code @EntryPoint(critical = true)} was written
     * @param global whether {@code name} is a function of TVM's global registry ({@code @Global})
     * @param relax whether it is a Relax function (of a {@code @TvmRelax} interface)
     * @param resultShape {@code @Shape} on the method, if written
     * @param tuple for a Relax function returning a record, the record a tuple result fills (its
     *     {@code result} is then a {@code List<Object>})
     * @param site the method
     * @param nameSite where the name was written: the annotation's value, or the method
     */
    public record Function(String javaName, String name, List<Parameter> parameters, FfiType result,
            boolean critical, boolean global, boolean relax, Optional<ShapeWritten> resultShape,
            Optional<Tuple> tuple, Site site, Site nameSite) {
        /** What the binding states of it: its method, what it calls and its types. */
        public FfiFunctionContract contract() {
            return new FfiFunctionContract(javaName, name, relax ? FfiFunctionContract.Kind.RELAX
                    : global ? FfiFunctionContract.Kind.GLOBAL
                    : FfiFunctionContract.Kind.EXPORTED, result, parameters.stream()
                            .map(p -> new FfiFunctionContract.Parameter(p.name(), p.type(),
                                    p.shape().map(ShapeWritten::shape))).toList(),
                    resultShape.map(ShapeWritten::shape));
        }

        /**
         * The exported symbol, for a global function the key the runtime finds it by, for a
         * Relax function its name.
         */
        public String symbol() {
            return contract().symbol();
        }
    }

    /**
     * A record a Relax tuple fills, component by component in order.
     *
     * @param type the record as Java source names it: {@code com.acme.Mlp.Output}
     * @param components its components, each a tensor, a list of tensors, any value, or a
     *     record of a nested tuple
     */
    public record Tuple(String type, List<Component> components) {
        /** What a component holds: {@code Tensor}, {@code List<Tensor>}, {@code Object}, a record. */
        public enum Kind { TENSOR, TENSORS, ANY, TUPLE, UNSUPPORTED }

        /**
         * One component.
         *
         * @param name its name
         * @param kind what it holds
         * @param javaType its type as written (for messages)
         * @param tuple the nested record, for {@link Kind#TUPLE}
         */
        public record Component(String name, Kind kind, String javaType, Optional<Tuple> tuple) {}
    }

    /**
     * One parameter.
     *
     * @param name its Java name
     * @param type its type: {@link FfiType.Plain#OWNED_TENSOR} for a tensor marked so
     * @param owned whether it is {@code @TvmFfi.Owned}, which only a tensor may be
     * @param shape {@code @Shape} on it, if written
     * @param site the parameter
     */
    public record Parameter(String name, FfiType type, boolean owned,
            Optional<ShapeWritten> shape, Site site) {}

    /**
     * A {@code @Shape} as written: its dimensions and data types, which the rules decide on, its
     * devices and whether it must be contiguous.
     *
     * @param dims each dimension's text
     * @param dtypes the names of the {@code DType} constants given
     * @param devices the names of the {@code DeviceType} constants given
     * @param contiguous whether {@code contiguous = true} is written
     * @param site the annotation
     */
    public record ShapeWritten(List<String> dims, List<String> dtypes, List<String> devices,
            boolean contiguous, Site site) {
        /** The shape, once the rules found it valid (one data type at most). */
        public FfiTensorShape shape() {
            return new FfiTensorShape(dims, dtypes.stream().findFirst().map(DType::valueOf),
                    devices.stream().distinct().map(DeviceType::valueOf).toList(), contiguous);
        }
    }
}
