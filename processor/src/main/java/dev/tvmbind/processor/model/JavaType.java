package dev.tvmbind.processor.model;

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

    /** Whether a plain function may return this type. */
    public boolean isReturnable() {
        return this != STRING && !isArray();
    }
}
