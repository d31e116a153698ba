package dev.tvmbind;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What a tensor of a {@link TvmFfi} method must be: its dimensions and, optionally, its data
 * type, in the convention of Relax's {@code R.Tensor((n, 784), "float32")}, the devices its data
 * may be on, and whether it must be contiguous. Each dimension is a
 * positive literal ({@code "784"}) or a name ({@code "n"}); a name shared by several tensors of one
 * method must be the same size in all of them. On a parameter, checked before the native call;
 * on a method returning a tensor, checked on return (the tensor released on a mismatch). A
 * mismatch is an {@code IllegalArgumentException} naming the parameter or the result, what was
 * expected, what came, and which tensor fixed a name. A tensor without it is not checked.
 *
 * <pre>{@code
 * void addOne(@Shape(value = "n", dtype = DType.FLOAT32) Tensor x,
 *             @Shape(value = "n", dtype = DType.FLOAT32) Tensor y);
 * float trace(@Shape(value = {"n", "n"}, device = DeviceType.CPU, contiguous = true) Tensor m);
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

    /**
     * The devices the tensor's data may be on, or none for any. A kernel that reads its data on
     * the host declares {@link DeviceType#CPU} (and the pinned host memories it accepts).
     *
     * @return the devices allowed
     */
    DeviceType[] device() default {};

    /**
     * Whether the tensor must be laid out row-major without gaps: DLPack strides absent, or those
     * of its shape (a dimension of size 1 may have any stride). A kernel that walks its data with
     * one index needs it; a transposed view is refused.
     *
     * @return true to require it; false accepts any strides
     */
    boolean contiguous() default false;
}
