package dev.tvmbind;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a Java interface as the description of one TVM-compiled model.
 *
 * <p>Every C function of the model is named {@code <prefix>_<model>_<function>}, the convention
 * of TVM's AOT executor with its C interface API. From the annotated interface the tvmbind
 * annotation processor generates, at compile time:
 *
 * <ul>
 *   <li>the C header {@code <prefix>_<model>.h} that the native side implements, byte for byte
 *       what TVM writes for a tensor entry point;
 *   <li>{@code <Interface>Binding}, a type-safe implementation of the interface over the FFM API.
 * </ul>
 *
 * <pre>{@code
 * @TvmModel(name = "ultimate_cat_spotter", workspaceSize = 765432)
 * public interface CatSpotter {
 *     @EntryPoint          // C: int32_t tvmgen_ultimate_cat_spotter_run(...)
 *     void run(@Input(value = "input", size = 3072) MemorySegment image,
 *              @Output(value = "output", size = 8) float[] scores);
 * }
 * }</pre>
 *
 * <p>Names must be lower-case ASCII C identifiers ({@code [a-z][a-z0-9_]*}) with no leading or
 * trailing {@code _} and no {@code __}; javac reports a violation as an error on the annotation
 * value that holds it.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface TvmModel {
    /**
     * The model name (TVM's {@code mod_name}). Empty means the interface's simple name in lower
     * snake case: {@code UltimateCatSpotter} becomes {@code ultimate_cat_spotter}.
     *
     * @return the model name, or empty to derive it
     */
    String name() default "";

    /**
     * The prefix of every generated C name. Empty means the processor option
     * {@code -Atvmbind.prefix=...} when it is given, otherwise {@code tvmgen}. It may not be
     * {@code tvm} or start with {@code tvm_}: that is TVM's own runtime namespace.
     *
     * @return the prefix, or empty for the build's default
     */
    String prefix() default "";

    /**
     * The size in bytes of the workspace the model needs, written to the header as
     * {@code <PREFIX>_<MODEL>_WORKSPACE_SIZE}.
     *
     * @return the workspace size in bytes
     */
    long workspaceSize() default 0;

    /**
     * Whether the TVM output given by {@code -Atvmbind.tvmOutput} must hold this model. Without
     * it, a model that the output does not hold is not checked; with it, that is an error naming
     * the models the output holds.
     *
     * @return whether the model must be in TVM's output
     */
    boolean checked() default false;

    /**
     * Whether the model's run function may execute concurrently. TVM's generated code generally
     * may not: with static memory planning its whole workspace is one static array in the
     * library, and without it the workspace comes from {@code TVMBackendAllocWorkspace}, as
     * reentrant as the platform that implements it. So by default the runs of one model in one
     * loaded library wait for each other (plain entry points never do). Declare it only when the
     * model's memory comes with each call: every workspace through {@code @WorkspacePool}
     * parameters, or a thread-safe {@code TVMBackendAllocWorkspace} such as tvmbind's
     * {@code platform/tvmbind_platform.c}. Checked against TVM's output
     * ({@code -Atvmbind.tvmOutput}): {@code true} where TVM's C keeps a writable static
     * workspace is an error.
     *
     * @return whether concurrent runs are safe
     */
    boolean reentrant() default false;
}
