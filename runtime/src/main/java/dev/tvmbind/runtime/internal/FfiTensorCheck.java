package dev.tvmbind.runtime.internal;

import dev.tvmbind.contract.FfiFunctionContract;
import dev.tvmbind.contract.FfiTensorShape;
import dev.tvmbind.runtime.ffi.DLDataType;
import dev.tvmbind.runtime.ffi.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A function's declared tensors ({@code @Shape}), checked before the native call and on return:
 * data type, rank, literal dimensions, and each named dimension the same in every tensor that
 * names it. Used by generated code; applications have no need of it.
 */
public final class FfiTensorCheck {
    private final String method;
    private final List<String> parameters = new ArrayList<>();
    private final List<FfiTensorShape> shapes = new ArrayList<>();
    private final Optional<FfiTensorShape> result;
    /** Every name of a dimension, in order of first use: where a call keeps its size. */
    private final List<String> symbols = new ArrayList<>();

    private FfiTensorCheck(FfiFunctionContract function) {
        method = function.javaName();
        for (FfiFunctionContract.Parameter parameter : function.parameters()) {
            parameter.shape().ifPresent(shape -> {
                parameters.add(parameter.name());
                shapes.add(shape);
                addSymbols(shape);
            });
        }
        result = function.resultShape();
        result.ifPresent(this::addSymbols);
    }

    private void addSymbols(FfiTensorShape shape) {
        for (int i = 0; i < shape.dims().size(); i++) {
            if (shape.symbolic(i) && !symbols.contains(shape.dims().get(i))) {
                symbols.add(shape.dims().get(i));
            }
        }
    }

    /** The check of a function as its binding states it. */
    public static FfiTensorCheck of(FfiFunctionContract function) {
        return new FfiTensorCheck(function);
    }

    /**
     * Checks the declared parameters, in declaration order, before the call.
     *
     * @return what the call fixed of each named dimension, for {@link #result}
     * @throws IllegalArgumentException naming the first parameter that differs
     */
    public Bound parameters(Tensor... tensors) {
        Bound bound = new Bound(symbols.size());
        for (int i = 0; i < tensors.length; i++) {
            String why = check(Objects.requireNonNull(tensors[i], parameters.get(i)),
                    shapes.get(i), "parameter " + parameters.get(i), bound);
            if (why != null) {
                throw new IllegalArgumentException(method + ": " + why);
            }
        }
        return bound;
    }

    /**
     * Checks the result on return; a tensor that differs is closed (its object released).
     *
     * @param bound what {@link #parameters} fixed
     * @return {@code tensor}
     */
    public Tensor result(Tensor tensor, Bound bound) {
        String why = check(tensor, result.orElseThrow(), "the result", bound);
        if (why != null) {
            tensor.close();
            throw new IllegalArgumentException(method + ": " + why);
        }
        return tensor;
    }

    /** Why {@code tensor} is not {@code shape}, or null. */
    private String check(Tensor tensor, FfiTensorShape shape, String what, Bound bound) {
        DLDataType dtype = tensor.dataType();
        if (shape.dtype().isPresent() && !dtype.equals(DLDataType.of(shape.dtype().get()))) {
            return what + " must be " + shape + " but is " + dtype + describe(tensor);
        }
        if (tensor.rank() != shape.dims().size()) {
            return what + " must be " + shape + " but has " + tensor.rank() + " dimensions"
                    + describe(tensor);
        }
        for (int axis = 0; axis < tensor.rank(); axis++) {
            long size = tensor.dim(axis);
            String dim = shape.dims().get(axis);
            if (!shape.symbolic(axis)) {
                if (size != Long.parseLong(dim)) {
                    return what + " must be " + shape + " but its dimension " + axis + " is "
                            + size + describe(tensor);
                }
                continue;
            }
            int symbol = symbols.indexOf(dim);
            if (bound.by[symbol] == null) {
                bound.sizes[symbol] = size;
                bound.by[symbol] = what;
            } else if (bound.sizes[symbol] != size) {
                return what + " must be " + shape + " but its dimension " + axis + " ('" + dim
                        + "') is " + size + ", where " + bound.by[symbol] + " fixed " + dim
                        + " = " + bound.sizes[symbol] + describe(tensor);
            }
        }
        return null;
    }

    private static String describe(Tensor tensor) {
        return " (" + tensor.dataType() + java.util.Arrays.toString(tensor.shape()) + ")";
    }

    /** The sizes one call fixed of the named dimensions, and which tensor fixed each. */
    public static final class Bound {
        private final long[] sizes;
        private final String[] by;

        Bound(int symbols) {
            sizes = new long[symbols];
            by = new String[symbols];
        }
    }
}
