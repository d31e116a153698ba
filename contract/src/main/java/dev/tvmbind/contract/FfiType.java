package dev.tvmbind.contract;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A type of a {@code @TvmFfi} method, the one table of them: each knows how Java writes it, how
 * the generated C++ header writes it, which types of a tvm-ffi schema it accepts and which
 * {@code TVMFFIAny} type index it travels as. The processor reads a method's types into these,
 * the binding states them (no type spelled as text), the runtime packs, reads and checks by them.
 * A new type of tvm-ffi is a constant of {@link Plain}, or a record here, and the cases that
 * pack and read it.
 */
public sealed interface FfiType
        permits FfiType.Plain, FfiType.OptionalOf, FfiType.ListOf, FfiType.MapOf, FfiType.Callback {
    /** How a method declares it: {@code long}, {@code Map<String,List<Long>>}, {@code Op}. */
    String javaName();

    /** How Java writes it inside a container or a callback: {@code Long}. */
    default String boxedName() {
        return javaName();
    }

    /** How the generated C++ header declares it where a function takes or returns it. */
    String cppType();

    /**
     * How the header writes it as a result or inside a container or a callback, where a tensor is
     * an object.
     */
    default String cppHeldType() {
        return cppType();
    }

    /** The head of each schema type it accepts: {@code int}, {@code ffi.Array}. */
    Set<String> schemaNames();

    /** {@code Optional<T>}: tvm-ffi's {@code Optional}, None when empty. */
    static OptionalOf optionalOf(FfiType element) {
        return new OptionalOf(element);
    }

    /** {@code List<T>} ↔ {@code ffi.Array}. */
    static ListOf listOf(FfiType element) {
        return new ListOf(element);
    }

    /** {@code Map<K, V>} ↔ {@code ffi.Map}. */
    static MapOf mapOf(FfiType key, FfiType value) {
        return new MapOf(key, value);
    }

    /** A {@code @TvmFfi.Callback} interface ↔ {@code ffi.Function}. */
    static Callback callback(String name, String method, FfiType result,
            FfiType... parameters) {
        return new Callback(name, method, result, List.of(parameters));
    }

    /** The types that hold no other: scalars, strings, pointers, tensors. */
    enum Plain implements FfiType {
        /** An integer; a {@code ffi.BigInt} that fits is read too. */
        LONG("long", "java.lang.Long", "int64_t", 1, 64, "int", "ffi.BigInt"),
        INT("int", "java.lang.Integer", "int32_t", 1, 32, "int"),
        SHORT("short", "java.lang.Short", "int16_t", 1, 16, "int"),
        BYTE("byte", "java.lang.Byte", "int8_t", 1, 8, "int"),
        DOUBLE("double", "java.lang.Double", "double", 3, 0, "float"),
        FLOAT("float", "java.lang.Float", "float", 3, 0, "float"),
        BOOLEAN("boolean", "java.lang.Boolean", "bool", 2, 0, "bool"),
        STRING("java.lang.String", "java.lang.String", "tvm::ffi::String", 65, 0, "ffi.String",
                "std::string", "const char*"),
        POINTER("java.lang.foreign.MemorySegment", "java.lang.foreign.MemorySegment", "void*", 4,
                0, "void*"),
        /** A tensor passed as a view ({@code DLTensor*}); returned or held, an object. */
        TENSOR("dev.tvmbind.runtime.ffi.Tensor", "dev.tvmbind.runtime.ffi.Tensor",
                "tvm::ffi::TensorView", 7, 0, "DLTensor*"),
        /** A tensor passed as an {@code ffi.Tensor} object ({@code @TvmFfi.Owned}). */
        OWNED_TENSOR("dev.tvmbind.runtime.ffi.Tensor", "dev.tvmbind.runtime.ffi.Tensor",
                "tvm::ffi::Tensor", 70, 0, "ffi.Tensor"),
        /** Any integer ↔ {@code int}, or {@code ffi.BigInt} past 64 bits. */
        BIG_INTEGER("java.math.BigInteger", "java.math.BigInteger", "tvm::ffi::BigInt", 78, 0,
                "int", "ffi.BigInt"),
        /** Bytes ↔ {@code ffi.Bytes}, copied each way. */
        BYTES("byte[]", "byte[]", "tvm::ffi::Bytes", 66, 0, "ffi.Bytes"),
        /** A DLPack device ↔ {@code Device}. */
        DEVICE("dev.tvmbind.runtime.ffi.DLDevice", "dev.tvmbind.runtime.ffi.DLDevice", "DLDevice", 6,
                0, "Device"),
        /** A DLPack data type ↔ {@code DataType}. */
        DATA_TYPE("dev.tvmbind.runtime.ffi.DLDataType", "dev.tvmbind.runtime.ffi.DLDataType",
                "DLDataType", 5, 0, "DataType"),
        /** A shape ↔ {@code ffi.Shape}, copied each way. */
        SHAPE("long[]", "long[]", "tvm::ffi::Shape", 69, 0, "ffi.Shape"),
        /** Any value, its type decided at run time ↔ {@code Any}. */
        ANY("java.lang.Object", "java.lang.Object", "tvm::ffi::Any", -1, 0, "Any"),
        /** A module ↔ {@code ffi.Module}: a loaded library, a Relax VM. */
        MODULE("dev.tvmbind.runtime.ffi.FfiModule", "dev.tvmbind.runtime.ffi.FfiModule",
                "tvm::ffi::Module", 73, 0, "ffi.Module"),
        /** An object tvmbind has no Java type for, passed back as itself. */
        OBJECT("dev.tvmbind.runtime.ffi.FfiObject", "dev.tvmbind.runtime.ffi.FfiObject",
                "tvm::ffi::ObjectRef", 64, 0, "ffi.Object"),
        VOID("void", "java.lang.Void", "void", 0, 0, "None");

        private final String qualifiedName;
        private final String boxedQualifiedName;
        private final String cppType;
        private final int typeIndex;
        private final int bits;
        private final Set<String> schemaNames;

        Plain(String qualifiedName, String boxedQualifiedName, String cppType, int typeIndex,
                int bits, String... schemaNames) {
            this.qualifiedName = qualifiedName;
            this.boxedQualifiedName = boxedQualifiedName;
            this.cppType = cppType;
            this.typeIndex = typeIndex;
            this.bits = bits;
            this.schemaNames = Set.of(schemaNames);
        }

        /** Its Java type in full, as a method's type mirror prints it: {@code java.lang.String}. */
        public String qualifiedName() {
            return qualifiedName;
        }

        /** Its boxed Java type in full, as a container's type argument prints it. */
        public String boxedQualifiedName() {
            return boxedQualifiedName;
        }

        @Override
        public String javaName() {
            String simple = qualifiedName.substring(qualifiedName.lastIndexOf('.') + 1);
            return this == OWNED_TENSOR ? "@TvmFfi.Owned " + simple : simple;
        }

        @Override
        public String boxedName() {
            return boxedQualifiedName.substring(boxedQualifiedName.lastIndexOf('.') + 1);
        }

        @Override
        public String cppType() {
            return cppType;
        }

        @Override
        public String cppHeldType() {
            return this == TENSOR ? OWNED_TENSOR.cppType : cppType;
        }

        @Override
        public Set<String> schemaNames() {
            return schemaNames;
        }

        /** The {@code TVMFFIAny} type index a value of it is passed as. */
        public int typeIndex() {
            return typeIndex;
        }

        /** An integer's width in bits; 0 for the other types. */
        public int bits() {
            return bits;
        }
    }

    /** {@code Optional<T>}. */
    record OptionalOf(FfiType element) implements FfiType {
        public OptionalOf {
            Objects.requireNonNull(element, "element");
        }

        @Override
        public String javaName() {
            return "Optional<" + element.boxedName() + ">";
        }

        @Override
        public String cppType() {
            return "tvm::ffi::Optional<" + element.cppHeldType() + ">";
        }

        @Override
        public Set<String> schemaNames() {
            return Set.of("Optional");
        }
    }

    /** {@code List<T>}. */
    record ListOf(FfiType element) implements FfiType {
        public ListOf {
            Objects.requireNonNull(element, "element");
        }

        @Override
        public String javaName() {
            return "List<" + element.boxedName() + ">";
        }

        @Override
        public String cppType() {
            return "tvm::ffi::Array<" + element.cppHeldType() + ">";
        }

        /** A list is passed as an {@code ffi.Array}, which tvm-ffi converts to a list. */
        @Override
        public Set<String> schemaNames() {
            return Set.of("ffi.Array", "ffi.List");
        }
    }

    /** {@code Map<K, V>}. */
    record MapOf(FfiType key, FfiType value) implements FfiType {
        public MapOf {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(value, "value");
        }

        @Override
        public String javaName() {
            return "Map<" + key.boxedName() + "," + value.boxedName() + ">";
        }

        @Override
        public String cppType() {
            return "tvm::ffi::Map<" + key.cppHeldType() + ", " + value.cppHeldType() + ">";
        }

        /** A map is passed as an {@code ffi.Map}, which tvm-ffi converts to a dict. */
        @Override
        public Set<String> schemaNames() {
            return Set.of("ffi.Map", "ffi.Dict");
        }
    }

    /**
     * A {@code @TvmFfi.Callback} interface.
     *
     * @param name the interface's canonical name: {@code com.acme.Kernels.Op}
     * @param method its one abstract method: {@code call}
     * @param result its method's result ({@link Plain#VOID} for none)
     * @param parameters its method's parameters
     */
    record Callback(String name, String method, FfiType result, List<FfiType> parameters)
            implements FfiType {
        public Callback {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(method, "method");
            Objects.requireNonNull(result, "result");
            parameters = List.copyOf(parameters);
        }

        @Override
        public String javaName() {
            return name.substring(name.lastIndexOf('.') + 1);
        }

        /** Tensors reach a callback as objects, which Java can hold. */
        @Override
        public String cppType() {
            return "tvm::ffi::TypedFunction<" + result.cppHeldType() + "(" + parameters.stream()
                    .map(FfiType::cppHeldType).collect(Collectors.joining(", ")) + ")>";
        }

        @Override
        public Set<String> schemaNames() {
            return Set.of("ffi.Function");
        }

        /** Its method as the runtime names it: {@code Long(Long,String)}. */
        @Override
        public String toString() {
            return (result == Plain.VOID ? "void" : result.boxedName()) + "(" + String.join(",",
                    parameters.stream().map(FfiType::boxedName).toList()) + ")";
        }
    }

    /**
     * The plain type Java names {@code qualifiedName} ({@code long}, {@code java.lang.String}), or
     * boxed ({@code java.lang.Long}) as a container holds it; null for none. An owned tensor is a
     * tensor the method marks so.
     */
    static Plain plainOf(String qualifiedName, boolean boxed) {
        return Arrays.stream(Plain.values()).filter(p -> p != Plain.OWNED_TENSOR
                && !(boxed && p == Plain.VOID)
                && (boxed ? p.boxedQualifiedName : p.qualifiedName).equals(qualifiedName))
                .findFirst().orElse(null);
    }
}
