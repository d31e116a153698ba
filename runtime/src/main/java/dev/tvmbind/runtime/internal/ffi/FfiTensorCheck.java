package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.DeviceType;
import dev.tvmbind.contract.FfiFunctionContract;
import dev.tvmbind.contract.FfiTensorShape;
import dev.tvmbind.runtime.ffi.DLDataType;
import dev.tvmbind.runtime.ffi.DLDevice;
import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.internal.shared.PublicTypes;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A function's declared tensors ({@code @Shape}), checked before the native call and on return:
 * data type, rank, literal dimensions, each named dimension the same as in the tensor that
 * first names it, then the device and the strides where declared. Nothing is kept between the
 * tensors of a call (the tensor that fixes a name is known when the binding is made, each literal
 * parsed then), so a check allocates nothing. Used by generated code, which
 * passes the declared parameters in order; applications have no need of it.
 */
public final class FfiTensorCheck {
    /** All of memory: a declared tensor's {@code DLTensor} and strides are read through it. */
    private static final MemorySegment DL = FfiValues.EVERYWHERE;

    private final String method;
    private final String[] what;
    private final FfiTensorShape[] shapes;
    /** Per declared tensor, its data type, or null for any: most tensors carry this very one. */
    private final DLDataType[] types;
    /** Per declared tensor, its data type packed as {@link #packed} does, or -1 for any. */
    private final long[] dtypes;
    /** Per declared tensor: whether no axis needs a look (every one a name it fixes itself). */
    private final boolean[] anyDims;
    /** Per declared tensor: whether its type and rank are all there is to check. */
    private final boolean[] rankOnly;
    /** Per declared tensor, DLPack's codes of the devices allowed, or null for any. */
    private final int[][] devices;
    /** Per declared tensor and axis: the tensor and axis that fix its name, or -1 for itself. */
    private final int[][] fixedBy;
    /** Per declared tensor and axis: its literal size, or -1 for a name. */
    private final long[][] literals;
    /** Per declared tensor: whether a device or contiguity is declared, read from its DLTensor. */
    private final boolean[] layout;

    private FfiTensorCheck(FfiFunctionContract function) {
        method = function.javaName();
        List<String> names = new ArrayList<>();
        List<FfiTensorShape> declared = new ArrayList<>();
        for (FfiFunctionContract.Parameter parameter : function.parameters()) {
            parameter.shape().ifPresent(shape -> {
                names.add("parameter " + parameter.name());
                declared.add(shape);
            });
        }
        function.resultShape().ifPresent(shape -> {
            names.add("the result");
            declared.add(shape);
        });
        what = names.toArray(String[]::new);
        shapes = declared.toArray(FfiTensorShape[]::new);
        types = declared.stream().map(s -> s.dtype().map(DLDataType::of).orElse(null))
                .toArray(DLDataType[]::new);
        dtypes = Arrays.stream(types).mapToLong(type -> type == null ? -1 : packed(type))
                .toArray();
        devices = declared.stream().map(s -> s.devices().isEmpty() ? null : s.devices().stream()
                .mapToInt(DeviceType::code).toArray()).toArray(int[][]::new);
        layout = new boolean[shapes.length];
        literals = new long[shapes.length][];
        for (int t = 0; t < shapes.length; t++) {
            layout[t] = devices[t] != null || shapes[t].contiguous();
            literals[t] = new long[shapes[t].dims().size()];
            for (int axis = 0; axis < literals[t].length; axis++) {
                literals[t][axis] = shapes[t].symbolic(axis) ? -1
                        : Long.parseLong(shapes[t].dims().get(axis));
            }
        }
        fixedBy = new int[shapes.length][];
        anyDims = new boolean[shapes.length];
        for (int t = 0; t < shapes.length; t++) {
            fixedBy[t] = new int[2 * shapes[t].dims().size()];
            Arrays.fill(fixedBy[t], -1);
            for (int axis = 0; axis < shapes[t].dims().size(); axis++) {
                if (shapes[t].symbolic(axis)) {
                    first(t, axis);
                }
            }
            anyDims[t] = Arrays.stream(fixedBy[t]).allMatch(u -> u < 0)
                    && Arrays.stream(literals[t]).allMatch(size -> size < 0);
        }
        rankOnly = new boolean[shapes.length];
        for (int t = 0; t < shapes.length; t++) {
            rankOnly[t] = anyDims[t] && !layout[t];
        }
    }

    /** Records where the name of tensor {@code t}'s {@code axis} first appears, if earlier. */
    private void first(int t, int axis) {
        String name = shapes[t].dims().get(axis);
        for (int u = 0; u <= t; u++) {
            for (int a = 0; a < shapes[u].dims().size(); a++) {
                if (u == t && a == axis) {
                    return;
                }
                if (shapes[u].symbolic(a) && shapes[u].dims().get(a).equals(name)) {
                    fixedBy[t][2 * axis] = u;
                    fixedBy[t][2 * axis + 1] = a;
                    return;
                }
            }
        }
    }

    /** The check of a function as its binding states it. */
    public static FfiTensorCheck of(FfiFunctionContract function) {
        return new FfiTensorCheck(function);
    }

    /** Checks one declared parameter. */
    public void parameters(Tensor a) {
        check(0, a, a, null, null, null);
    }

    /** Checks two declared parameters, in order. */
    public void parameters(Tensor a, Tensor b) {
        check(0, a, a, b, null, null);
        check(1, b, a, b, null, null);
    }

    /** Checks three declared parameters, in order. */
    public void parameters(Tensor a, Tensor b, Tensor c) {
        check(0, a, a, b, c, null);
        check(1, b, a, b, c, null);
        check(2, c, a, b, c, null);
    }

    /** Checks any number of declared parameters, in order (more than three: an array a call). */
    public void parameters(Tensor... tensors) {
        for (int i = 0; i < tensors.length; i++) {
            check(i, tensors[i], null, null, null, tensors);
        }
    }

    /** Checks a result whose function declares no parameter; see {@link #result(Tensor, Tensor...)}. */
    public Tensor result(Tensor result) {
        return checked(result, 0, null, null, null, null);
    }

    /** Checks a result against its declaration and one declared parameter. */
    public Tensor result(Tensor result, Tensor a) {
        return checked(result, 1, a, null, null, null);
    }

    /** Checks a result against its declaration and two declared parameters, in order. */
    public Tensor result(Tensor result, Tensor a, Tensor b) {
        return checked(result, 2, a, b, null, null);
    }

    /**
     * Checks the result on return against its declaration and the declared parameters, in order;
     * a result that differs is closed (its object released).
     *
     * @return {@code result}
     */
    public Tensor result(Tensor result, Tensor... parameters) {
        Tensor[] all = Arrays.copyOf(parameters, parameters.length + 1);
        all[parameters.length] = result;
        return checked(result, parameters.length, null, null, null, all);
    }

    private Tensor checked(Tensor result, int index, Tensor a, Tensor b, Tensor c, Tensor[] all) {
        try {
            check(index, result, index == 0 ? result : a, index == 1 ? result : b,
                    index == 2 ? result : c, all);
            return result;
        } catch (IllegalArgumentException e) {
            result.close();
            throw e;
        }
    }

    /**
     * Checks declared tensor {@code t}; the others it may be compared with are {@code a}, {@code b},
     * {@code c} (the first three), or {@code all} when given.
     */
    private void check(int t, Tensor tensor, Tensor a, Tensor b, Tensor c, Tensor[] all) {
        if (tensor == null) {
            throw new NullPointerException(what[t]); // the name read only when it is needed
        }
        DLDataType dtype = tensor.dataType();
        if (dtype != types[t] && dtypes[t] >= 0 && packed(dtype) != dtypes[t]) {
            throw refused(t, "is " + dtype, tensor);
        }
        long[] literal = literals[t];
        int rank = literal.length;
        if (tensor.rank() != rank) {
            throw refused(t, "has " + tensor.rank() + " dimensions", tensor);
        }
        if (rankOnly[t]) {
            return;
        }
        for (int axis = 0; !anyDims[t] && axis < rank; axis++) {
            int u = fixedBy[t][2 * axis];
            long size = tensor.dim(axis);
            if (u < 0) {
                if (literal[axis] >= 0 && size != literal[axis]) {
                    throw refused(t, "its dimension " + axis + " is " + size, tensor);
                }
                continue;
            }
            Tensor fixer = all != null ? all[u] : u == 0 ? a : u == 1 ? b : c;
            long fixed = fixer.dim(fixedBy[t][2 * axis + 1]);
            if (size != fixed) {
                String name = shapes[t].dims().get(axis);
                throw refused(t, "its dimension " + axis + " ('" + name + "') is " + size
                        + ", where " + what[u] + " fixed " + name + " = " + fixed, tensor);
            }
        }
        if (layout[t]) {
            long dl = PublicTypes.dlTensorAddress(tensor, what[t]);
            if (devices[t] != null && !allowed(devices[t], DL.get(ValueLayout.JAVA_INT, dl + 8))) {
                throw refused(t, "is on " + new DLDevice(DL.get(ValueLayout.JAVA_INT, dl + 8),
                        DL.get(ValueLayout.JAVA_INT, dl + 12)), tensor);
            }
            if (shapes[t].contiguous() && !contiguous(tensor, DL.get(ValueLayout.JAVA_LONG,
                    dl + 32))) {
                throw refused(t, "its strides are " + Arrays.toString(DL.asSlice(DL.get(
                        ValueLayout.JAVA_LONG, dl + 32), 8L * rank).toArray(ValueLayout.JAVA_LONG)),
                        tensor);
            }
        }
    }

    /** Code, bits and lanes in one number: compared without a record's generated equals. */
    private static long packed(DLDataType type) {
        return type.code() | (long) type.bits() << 8 | (long) type.lanes() << 16;
    }

    private static boolean allowed(int[] devices, int device) {
        for (int allowed : devices) {
            if (allowed == device) {
                return true;
            }
        }
        return false;
    }

    /**
     * tvm-ffi's {@code IsContiguous}: no strides, an empty tensor, or the row-major strides of
     * its shape, a dimension of size 1 taking any stride.
     */
    private static boolean contiguous(Tensor tensor, long strides) {
        if (strides == 0) {
            return true;
        }
        for (int axis = 0; axis < tensor.rank(); axis++) {
            if (tensor.dim(axis) == 0) {
                return true;
            }
        }
        long expected = 1;
        for (int axis = tensor.rank() - 1; axis >= 0; axis--) {
            long size = tensor.dim(axis);
            if (size != 1) {
                if (DL.get(ValueLayout.JAVA_LONG, strides + 8L * axis) != expected) {
                    return false;
                }
                expected *= size;
            }
        }
        return true;
    }

    private IllegalArgumentException refused(int t, String why, Tensor tensor) {
        return new IllegalArgumentException(method + ": " + what[t] + " must be " + shapes[t]
                + " but " + why + " (" + tensor.dataType() + Arrays.toString(tensor.shape())
                + ")");
    }
}
