package dev.tvmbind.processor.model;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The dtypes a tensor may have (README's "Java and C types"), as TVM writes them in {@code
 * metadata.json}, with the
 * Java arrays that hold their elements: the same width, and floating point only in floating-point
 * arrays (float16 has no Java array of its own, so it travels as its bits in a 16-bit array).
 */
public enum DType {
    INT8("int8", 1, EnumSet.of(JavaType.BYTE_ARRAY)),
    INT16("int16", 2, EnumSet.of(JavaType.SHORT_ARRAY, JavaType.CHAR_ARRAY)),
    INT32("int32", 4, EnumSet.of(JavaType.INT_ARRAY)),
    INT64("int64", 8, EnumSet.of(JavaType.LONG_ARRAY)),
    UINT8("uint8", 1, EnumSet.of(JavaType.BYTE_ARRAY)),
    UINT16("uint16", 2, EnumSet.of(JavaType.SHORT_ARRAY, JavaType.CHAR_ARRAY)),
    UINT32("uint32", 4, EnumSet.of(JavaType.INT_ARRAY)),
    UINT64("uint64", 8, EnumSet.of(JavaType.LONG_ARRAY)),
    FLOAT16("float16", 2, EnumSet.of(JavaType.SHORT_ARRAY, JavaType.CHAR_ARRAY)),
    FLOAT32("float32", 4, EnumSet.of(JavaType.FLOAT_ARRAY)),
    FLOAT64("float64", 8, EnumSet.of(JavaType.DOUBLE_ARRAY)),
    BOOL("bool", 1, EnumSet.of(JavaType.BYTE_ARRAY));

    private final String text;
    private final int width;
    private final Set<JavaType> arrays;

    DType(String text, int width, Set<JavaType> arrays) {
        this.text = text;
        this.width = width;
        this.arrays = arrays;
    }

    /** As TVM writes it: {@code int8}, {@code float32}. */
    public String text() {
        return text;
    }

    /** Bytes per element. */
    public int width() {
        return width;
    }

    /** Whether an array of {@code type} holds this dtype's elements; a segment holds any. */
    public boolean fits(JavaType type) {
        return type == JavaType.SEGMENT || arrays.contains(type);
    }

    /** The Java array a declaration of this dtype would use: the first that fits. */
    public Optional<JavaType> array() {
        return Arrays.stream(JavaType.values()).filter(t -> t.isArray() && arrays.contains(t))
                .findFirst();
    }

    public static Optional<DType> of(String text) {
        return Arrays.stream(values()).filter(d -> d.text.equals(text)).findFirst();
    }

    /**
     * The dtype an array holds when none is written: {@code float[]} float32; none for a segment.
     */
    public static Optional<DType> defaultFor(JavaType type) {
        return Optional.ofNullable(switch (type) {
            case BYTE_ARRAY -> INT8;
            case SHORT_ARRAY -> INT16;
            case CHAR_ARRAY -> UINT16;
            case INT_ARRAY -> INT32;
            case LONG_ARRAY -> INT64;
            case FLOAT_ARRAY -> FLOAT32;
            case DOUBLE_ARRAY -> FLOAT64;
            default -> null;
        });
    }

    /** Every dtype, as a message lists them. */
    public static String list() {
        return Arrays.stream(values()).map(DType::text).collect(Collectors.joining(" "));
    }
}
