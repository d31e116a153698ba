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
}
