package dev.tvmbind;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Binds a method of a {@link TvmFfi} interface to a function of TVM's global registry, by its
 * name ({@code ffi.String}, {@code testing.add_one}): what {@code TVMFFIFunctionGetGlobal} finds
 * once the library that registers it is loaded. The name is any string.
 *
 * <pre>{@code
 * @Global("testing.add_one") long addOne(long x);
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Global {
    /**
     * The function's name in the registry.
     *
     * @return the name
     */
    String value();
}
