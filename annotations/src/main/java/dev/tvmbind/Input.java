package dev.tvmbind;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a parameter as an input tensor of the model's tensor entry point: a member of the
 * {@code <prefix>_<model>_inputs} struct.
 *
 * <p>The parameter is a {@code MemorySegment} or a primitive array (copied to native memory and
 * back, since the struct cannot point into the Java heap).
 *
 * <pre>{@code
 * @Input(value = "serving_default_x:0", size = 3072) MemorySegment image
 * @Input(value = "input_1", dtype = "int8", shape = {1, 49, 10, 1}) byte[] audio
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Input {
    /**
     * The name, as the model calls it. It is sanitised as TVM does: every character that is not
     * an ASCII letter or digit becomes {@code _} ({@code serving_default_x:0} becomes the struct
     * member {@code serving_default_x_0}). Empty means the parameter name.
     *
     * @return the name, or empty for the parameter name
     */
    String value() default "";

    /**
     * The size in bytes, or 0 when unknown. A known size is written to the header as a
     * {@code _SIZE} macro, and a smaller segment or array is refused before the call.
     *
     * @return the size in bytes, or 0
     */
    long size() default 0;

    /**
     * The element type as TVM writes it: {@code int8 int16 int32 int64 uint8 uint16 uint32 uint64
     * float16 float32 float64 bool}. Empty means the array's own ({@code byte[]} int8,
     * {@code short[]} int16, {@code char[]} uint16, {@code int[]} int32, {@code long[]} int64,
     * {@code float[]} float32, {@code double[]} float64); a {@code MemorySegment} has none unless
     * written. A written dtype fits the array: same width, and floating point only on
     * {@code float[]}, {@code double[]} (or {@code short[]}/{@code char[]} for float16).
     *
     * @return the dtype, or empty for the array's own
     */
    String dtype() default "";

    /**
     * The shape, every dimension 1 or more (TVM's AOT shapes are static), or empty when unknown.
     * With a dtype, the size in bytes follows and {@link #size()} need not be written; an array
     * must then have exactly the shape's number of elements.
     *
     * @return the dimensions, or empty
     */
    long[] shape() default {};
}
