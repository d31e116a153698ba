package dev.tvmbind;

import java.util.Arrays;
import java.util.Optional;

/**
 * A tensor's element type, as TVM names it in {@code metadata.json} and in {@code @Input(dtype =
 * …)}, with the Java array that holds its elements: the same width, and floating point only in a
 * floating-point array ({@code float16} has no Java array of its own: it travels as its bits in a
 * {@code short[]}).
 *
 * <pre>{@code
 * DType.of("int8");              // Optional[INT8]
 * DType.INT8.bytes();            // 1
 * DType.FLOAT32.javaElement();   // float.class
 * }</pre>
 */
public enum DType {
    /** {@code int8}, in a {@code byte[]}. */
    INT8("int8", 1, byte.class),
    /** {@code int16}, in a {@code short[]} (or a {@code char[]}). */
    INT16("int16", 2, short.class),
    /** {@code int32}, in an {@code int[]}. */
    INT32("int32", 4, int.class),
    /** {@code int64}, in a {@code long[]}. */
    INT64("int64", 8, long.class),
    /** {@code uint8}, in a {@code byte[]}. */
    UINT8("uint8", 1, byte.class),
    /** {@code uint16}, in a {@code char[]} (or a {@code short[]}). */
    UINT16("uint16", 2, char.class),
    /** {@code uint32}, in an {@code int[]}. */
    UINT32("uint32", 4, int.class),
    /** {@code uint64}, in a {@code long[]}. */
    UINT64("uint64", 8, long.class),
    /** {@code float16}, its bits in a {@code short[]} (or a {@code char[]}). */
    FLOAT16("float16", 2, short.class),
    /** {@code float32}, in a {@code float[]}. */
    FLOAT32("float32", 4, float.class),
    /** {@code float64}, in a {@code double[]}. */
    FLOAT64("float64", 8, double.class),
    /** {@code bool}, one byte an element, in a {@code byte[]}. */
    BOOL("bool", 1, byte.class);

    private final String tvmName;
    private final int bytes;
    private final Class<?> javaElement;

    DType(String tvmName, int bytes, Class<?> javaElement) {
        this.tvmName = tvmName;
        this.bytes = bytes;
        this.javaElement = javaElement;
    }

    /**
     * The name TVM gives it.
     *
     * @return e.g. {@code int8}, {@code float32}
     */
    public String tvmName() {
        return tvmName;
    }

    /**
     * The size of one element.
     *
     * @return bytes per element
     */
    public int bytes() {
        return bytes;
    }

    /**
     * The element type of the Java array that holds it.
     *
     * @return e.g. {@code byte.class} for {@code int8}, {@code char.class} for {@code uint16}
     */
    public Class<?> javaElement() {
        return javaElement;
    }

    /**
     * Whether an array of {@code element} holds this dtype: its own, and for a 16-bit dtype
     * either of Java's 16-bit arrays.
     *
     * @param element an array's component type, e.g. {@code short.class}
     * @return whether the array fits
     */
    public boolean fits(Class<?> element) {
        return element == javaElement
                || bytes == 2 && (element == short.class || element == char.class);
    }

    /**
     * The dtype TVM names so.
     *
     * @param tvmName e.g. {@code int8}
     * @return the dtype, or empty for a name TVM's AOT C interface does not use
     */
    public static Optional<DType> of(String tvmName) {
        return Arrays.stream(values()).filter(d -> d.tvmName.equals(tvmName)).findFirst();
    }

    /**
     * How TVM writes it.
     *
     * @return {@link #tvmName()}
     */
    @Override
    public String toString() {
        return tvmName;
    }
}
