package dev.tvmbind;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a parameter as a device context of the model's tensor entry point: a member of the
 * {@code <prefix>_<model>_devices} struct, a pointer the model passes on to the device's own
 * code.
 *
 * <pre>{@code
 * @Device("ethos_u") MemorySegment npu
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Device {
    /**
     * The device name, sanitised as TVM does (every character that is not an ASCII letter or
     * digit becomes {@code _}). Empty means the parameter name.
     *
     * @return the name, or empty for the parameter name
     */
    String value() default "";
}
