package dev.tvmbind.processor.model;

import dev.tvmbind.contract.FfiFunctionContract;
import dev.tvmbind.processor.naming.SnakeCase;
import java.util.List;

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
 *     that have one hold a null {@code TypeRef} there, and are never generated
 * @param generatedAnnotation whether {@code @Generated} can be written (java.compiler is read)
 * @param site the interface
 */
public record FfiSpec(String kind, String packageName, List<String> simpleNames,
        List<Function> functions, List<Unsupported> unsupported, boolean generatedAnnotation,
        Site site) {
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
     * @param site the method
     * @param nameSite where the name was written: the annotation's value, or the method
     */
    public record Function(String javaName, String name, List<Parameter> parameters, TypeRef result,
            boolean critical, boolean global, Site site, Site nameSite) {
        /** What the binding states of it: its method and what it calls. */
        public FfiFunctionContract contract() {
            return new FfiFunctionContract(result.javaName() + " " + javaName + "("
                    + String.join(", ", parameters.stream().map(Parameter::declaration).toList())
                    + ")", name, global);
        }

        /** The exported symbol, or for a global function the key the runtime finds it by. */
        public String symbol() {
            return contract().symbol();
        }
    }

    /**
     * One parameter.
     *
     * @param name its Java name
     * @param type its type
     * @param owned whether it is {@code @TvmFfi.Owned}: a {@code tvm::ffi::Tensor}, which takes
     *     an {@code ffi.Tensor} object instead of a {@code DLTensor*}
     * @param site the parameter
     */
    public record Parameter(String name, TypeRef type, boolean owned, Site site) {
        /** As the method declares it, as the runtime compares it with TVM's schema. */
        public String declaration() {
            return (owned ? "@TvmFfi.Owned " : "") + type.javaName() + " " + name;
        }
    }

    /**
     * A type as the method writes it: its kind, and the types a container holds
     * ({@code Optional<Long>}, {@code List<List<String>>}).
     *
     * @param kind what it is
     * @param arguments what it holds: one for {@code Optional} and {@code List}, key and value
     *     for {@code Map}, a callback's result then its parameters, else none
     * @param callback a callback's interface and method, {@code com.acme.Scorer#score}; else
     *     empty
     */
    public record TypeRef(Type kind, List<TypeRef> arguments, String callback) {
        public TypeRef(Type kind, List<TypeRef> arguments) {
            this(kind, arguments, "");
        }

        public static TypeRef of(Type kind) {
            return new TypeRef(kind, List.of());
        }

        /** As Java writes it, a primitive boxed inside a container; no space, one token. */
        public String javaName() {
            return javaName(false);
        }

        private String javaName(boolean inside) {
            if (kind == Type.CALLBACK) {
                return callback.substring(callback.lastIndexOf('.') + 1, callback.indexOf('#'));
            }
            return (inside ? kind.boxedName() : kind.javaName) + (arguments.isEmpty() ? ""
                    : "<" + String.join(",", arguments.stream().map(a -> a.javaName(true))
                            .toList()) + ">");
        }

        /** A callback's method for the runtime, boxed: {@code Long(Long,String)}, {@code void()}. */
        public String callbackSignature() {
            TypeRef returned = arguments.getFirst();
            return (returned.kind == Type.VOID ? "void" : returned.javaName(true)) + "("
                    + String.join(",", arguments.subList(1, arguments.size()).stream()
                            .map(a -> a.javaName(true)).toList()) + ")";
        }

        /** Whether it is {@code Optional}, {@code List} or {@code Map}. */
        public boolean container() {
            return kind == Type.OPTIONAL || kind == Type.LIST || kind == Type.MAP;
        }
    }

    /** The Java types a function of TVM's FFI maps, and what each is on the wire. */
    public enum Type {
        LONG("long", 64), INT("int", 32), SHORT("short", 16), BYTE("byte", 8),
        DOUBLE("double", 0), FLOAT("float", 0), BOOLEAN("boolean", 0), STRING("String", 0),
        SEGMENT("MemorySegment", 0), TENSOR("Tensor", 0), VOID("void", 0),
        OPTIONAL("Optional", 0), LIST("List", 0), MAP("Map", 0), CALLBACK("Callback", 0);

        private final String javaName;
        private final int bits;

        Type(String javaName, int bits) {
            this.javaName = javaName;
            this.bits = bits;
        }

        /** How Java source writes it. */
        public String javaName() {
            return javaName;
        }

        /** How Java writes it inside a container: {@code Long}, {@code Integer}. */
        public String boxedName() {
            return switch (this) {
                case INT -> "Integer";
                case LONG, SHORT, BYTE, DOUBLE, FLOAT, BOOLEAN ->
                        Character.toUpperCase(javaName.charAt(0)) + javaName.substring(1);
                default -> javaName;
            };
        }

        /** An integer's width in bits; 0 for the other types. */
        public int bits() {
            return bits;
        }
    }
}
