package dev.tvmbind;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an interface whose methods are the Relax functions of a library current TVM compiled
 * ({@code tvm.compile(mod).export_library("model.so")}), run in TVM's VM. Each method is the
 * Relax function of its name in lower snake case, or {@link EntryPoint#value()}; it takes
 * {@code Tensor}s (its tensors may be declared with {@link Shape}), shapes as {@code long[]} and
 * numbers, and returns a {@code Tensor}, a {@code List<Tensor>} for a tuple, or {@code Object}
 * for any result. tvmbind generates {@code <Interface>Binding}, whose {@code load(Path)} checks
 * at once that every method's function exists with its arity and parameter names, and whose
 * calls are safe from any number of threads. An interface that extends {@code AutoCloseable}
 * releases the VMs and the library at {@code close()} (declare {@code void close()} again, without
 * {@code throws}, for try-with-resources).
 *
 * <pre>{@code
 * @TvmRelax
 * public interface Mlp extends AutoCloseable {
 *     @Shape(value = {"n", "10"}, dtype = DType.FLOAT32)
 *     Tensor forward(@Shape(value = {"n", "784"}, dtype = DType.FLOAT32) Tensor x);
 *
 *     @Override
 *     void close();
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface TvmRelax {}
