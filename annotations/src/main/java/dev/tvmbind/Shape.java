package dev.tvmbind;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What a tensor of a {@link TvmFfi} method must be: its dimensions and, optionally, its data
 * type, in the convention of Relax's {@code R.Tensor((n, 784), "float32")}. Each dimension is a
 * positive literal ({@code "784"}) or a name ({@code "n"}); a name shared by several tensors of one
 * method must be the same size in all of them. On a parameter, checked before the native call;
 * on a method returning a tensor, checked on return (the tensor released on a mismatch). A
 * mismatch is an {@code IllegalArgumentException} naming the parameter or the result, what was
 * expected, what came, and which tensor fixed a name. A tensor without it is not checked.
 *
 * <pre>{@code
 * void addOne(@Shape(value = "n", dtype = DType.FLOAT32) Tensor x,
 *             @Shape(value = "n", dtype = DType.FLOAT32) Tensor y);
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.PARAMETER, ElementType.METHOD})
public @interface Shape {
    /**
     * The dimensions, outermost first: positive literals or names; none for a scalar tensor.
     *
     * @return the dimensions
     */
    String[] value();

    /**
     * The data type, or none for any.
     *
     * @return at most one
     */
    DType[] dtype() default {};
}
