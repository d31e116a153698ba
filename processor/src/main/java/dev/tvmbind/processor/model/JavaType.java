package dev.tvmbind.processor.model;

import dev.tvmbind.DType;
import java.util.Arrays;
import java.util.Optional;

/**
 * The Java types an entry point may use, with the C type each maps to (README's "Java and C
 * types"). This is the one
 * type table: the reader maps Java types onto it, both generators read it.
 */
public enum JavaType {
    VOID("void", "void"),
    BYTE("byte", "int8_t"),
    SHORT("short", "int16_t"),
    INT("int", "int32_t"),
    LONG("long", "int64_t"),
    FLOAT("float", "float"),
    DOUBLE("double", "double"),
    BOOLEAN("boolean", "bool"),
    CHAR("char", "uint16_t"),
    SEGMENT("MemorySegment", "void*"),
    STRING("String", "const char*"),
    BYTE_ARRAY("byte[]", "int8_t*"),
    SHORT_ARRAY("short[]", "int16_t*"),
    CHAR_ARRAY("char[]", "uint16_t*"),
    INT_ARRAY("int[]", "int32_t*"),
    LONG_ARRAY("long[]", "int64_t*"),
    FLOAT_ARRAY("float[]", "float*"),
    DOUBLE_ARRAY("double[]", "double*");

    private final String javaName;
    private final String cType;

    JavaType(String javaName, String cType) {
        this.javaName = javaName;
        this.cType = cType;
    }

    public String javaName() {
        return javaName;
    }

    /** The C type as written in a prototype, e.g. {@code int32_t} or {@code const char*}. */
    public String cType() {
        return cType;
    }

    public boolean isArray() {
        return javaName.endsWith("[]");
    }

    /** Whether a tensor may be passed as this type: a segment or a primitive array. */
    public boolean isTensorType() {
        return this == SEGMENT || isArray();
    }

    /**
     * Whether a tensor of {@code dtype} may be passed as this type: a segment holds any; an
     * array, a dtype of its element's width ({@link DType#fits}, the runtime's one table).
     */
    public boolean holds(DType dtype) {
        return this == SEGMENT || isArray() && dtype.fits(element());
    }

    /** The dtype an array holds when none is written: {@code float[]} float32; none for a segment. */
    public Optional<DType> defaultDType() {
        return Optional.ofNullable(switch (this) {
            case BYTE_ARRAY -> DType.INT8;
            case SHORT_ARRAY -> DType.INT16;
            case CHAR_ARRAY -> DType.UINT16;
            case INT_ARRAY -> DType.INT32;
            case LONG_ARRAY -> DType.INT64;
            case FLOAT_ARRAY -> DType.FLOAT32;
            case DOUBLE_ARRAY -> DType.FLOAT64;
            default -> null;
        });
    }

    /** The Java array a declaration of {@code dtype} uses: the first that holds it. */
    public static Optional<JavaType> arrayFor(DType dtype) {
        return Arrays.stream(values()).filter(t -> t.isArray() && t.holds(dtype)).findFirst();
    }

    /** An array's element type, e.g. {@code byte.class}; none for anything else. */
    private Class<?> element() {
        return switch (this) {
            case BYTE_ARRAY -> byte.class;
            case SHORT_ARRAY -> short.class;
            case CHAR_ARRAY -> char.class;
            case INT_ARRAY -> int.class;
            case LONG_ARRAY -> long.class;
            case FLOAT_ARRAY -> float.class;
            case DOUBLE_ARRAY -> double.class;
            default -> void.class;
        };
    }

    /** Whether a plain function may return this type. */
    public boolean isReturnable() {
        return this != STRING && !isArray();
    }
}
