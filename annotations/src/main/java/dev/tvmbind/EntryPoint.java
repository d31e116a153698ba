package dev.tvmbind;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an abstract method of a {@link TvmModel} interface as a C function of the model.
 *
 * <p>A method whose parameters carry {@link Input}, {@link Output}, {@link WorkspacePool} or
 * {@link Device} is the model's <em>tensor entry point</em>: TVM's run function, which takes one
 * struct of pointers per kind and returns an {@code int32_t} status. Its C name is
 * {@code <prefix>_<model>_run} whatever the method is called, unless {@link #value()} names
 * another function.
 *
 * <p>Any other method is a <em>plain</em> C function whose parameters and result map type by
 * type: {@code int} to {@code int32_t}, {@code long} to {@code int64_t}, {@code boolean} to
 * {@code bool}, {@code MemorySegment} to {@code void*}, {@code String} to {@code const char*},
 * {@code float[]} to {@code float*}, and so on.
 *
 * <pre>{@code
 * @EntryPoint                   // tvmgen_<model>_set_input
 * int setInput(int index, MemorySegment data);
 *
 * @EntryPoint("get_version")    // tvmgen_<model>_get_version
 * int version();
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface EntryPoint {
    /**
     * The function name, the last part of the C symbol. Empty means the method name in lower
     * snake case ({@code setInput} becomes {@code set_input}), or {@code run} for a tensor
     * entry point.
     *
     * @return the function name, or empty to derive it
     */
    String value() default "";

    /**
     * Links the function as critical ({@code Linker.Option.critical(true)}): cheaper calls, and
     * array parameters of a plain function passed without copying. Only for short functions that
     * never call back into Java and never block.
     *
     * @return whether the call is critical
     */
    boolean critical() default false;
}
