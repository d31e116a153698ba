package dev.tvmbind.runtime.ffi;

import dev.tvmbind.DType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;

/**
 * A DLPack tensor over native memory, as functions of TVM's FFI take it: a {@code DLTensor}
 * (data, CPU device, dimensions, dtype, shape, contiguous strides, no byte offset) that points at
 * the caller's segment. A tensor passed to a function is borrowed for the call ({@code DLTensor*},
 * what a {@code tvm::ffi::TensorView} parameter takes); the data stays the caller's, and must stay
 * open while the tensor is used. Heap memory cannot be pointed to from a {@code DLTensor}: arrays
 * are not tensors here.
 *
 * <pre>{@code
 * try (Arena arena = Arena.ofConfined()) {
 *     MemorySegment x = arena.allocateFrom(ValueLayout.JAVA_FLOAT, 1, 2, 3, 4, 5);
 *     MemorySegment y = arena.allocate(ValueLayout.JAVA_FLOAT, 5);
 *     try (Tensor in = Tensor.of(x, DType.FLOAT32, 5); Tensor out = Tensor.of(y, DType.FLOAT32, 5)) {
 *         kernels.addOne(in, out);            // y = x + 1
 *     }
 * }
 * }</pre>
 *
 * <p>Safe to pass from several threads at once; {@link #close()} once no call uses it.
 */
public final class Tensor implements AutoCloseable {
    /** {@code sizeof(DLTensor)} on a 64-bit machine. */
    private static final long DL_TENSOR_BYTES = 48;
    /** DLPack's type codes ({@code DLDataTypeCode}). */
    private static final int INT = 0;
    private static final int UINT = 1;
    private static final int FLOAT = 2;
    private static final int BOOL = 6;

    private final MemorySegment data;
    private final DType dtype;
    private final long[] shape;
    /** The {@code DLTensor} and its shape, kept by this tensor's reachability. */
    private final MemorySegment dlTensor;
    private volatile boolean closed;

    private Tensor(MemorySegment data, DType dtype, long[] shape) {
        this.data = data;
        this.dtype = dtype;
        this.shape = shape;
        MemorySegment memory = Arena.ofAuto().allocate(DL_TENSOR_BYTES + 8L * shape.length, 8);
        MemorySegment shapeArray = memory.asSlice(DL_TENSOR_BYTES);
        for (int i = 0; i < shape.length; i++) {
            shapeArray.setAtIndex(ValueLayout.JAVA_LONG, i, shape[i]);
        }
        memory.set(ValueLayout.ADDRESS, 0, data);
        memory.set(ValueLayout.JAVA_INT, 8, 1); // kDLCPU
        memory.set(ValueLayout.JAVA_INT, 12, 0);
        memory.set(ValueLayout.JAVA_INT, 16, shape.length);
        memory.set(ValueLayout.JAVA_BYTE, 20, (byte) code(dtype));
        memory.set(ValueLayout.JAVA_BYTE, 21, (byte) (8 * dtype.bytes()));
        memory.set(ValueLayout.JAVA_SHORT, 22, (short) 1);
        memory.set(ValueLayout.ADDRESS, 24, shapeArray);
        memory.set(ValueLayout.JAVA_LONG, 32, 0); // strides: NULL, contiguous
        memory.set(ValueLayout.JAVA_LONG, 40, 0);
        this.dlTensor = memory;
    }

    /**
     * A contiguous tensor of {@code dtype} and {@code shape} over {@code data}, on the CPU.
     *
     * @param data native memory holding at least the tensor's bytes
     * @param dtype its element type
     * @param shape its dimensions, none negative
     * @return the tensor
     * @throws IllegalArgumentException for heap memory, a negative dimension, or data smaller
     *     than the shape's bytes
     */
    public static Tensor of(MemorySegment data, DType dtype, long... shape) {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(dtype, "dtype");
        if (!data.isNative() || data.address() == 0) {
            throw new IllegalArgumentException("a tensor's data must be native memory, not "
                    + (data.isNative() ? "MemorySegment.NULL" : "a heap segment"));
        }
        long elements = 1;
        for (long dimension : shape) {
            if (dimension < 0) {
                throw new IllegalArgumentException("shape " + Arrays.toString(shape)
                        + " has a negative dimension");
            }
            elements = Math.multiplyExact(elements, dimension);
        }
        long bytes = Math.multiplyExact(elements, dtype.bytes());
        if (data.byteSize() < bytes) {
            throw new IllegalArgumentException("a " + dtype + " tensor of shape "
                    + Arrays.toString(shape) + " needs " + bytes + " bytes; the segment has "
                    + data.byteSize());
        }
        return new Tensor(data, dtype, shape.clone());
    }

    private static int code(DType dtype) {
        String name = dtype.tvmName().toLowerCase(Locale.ROOT);
        if (name.equals("bool")) {
            return BOOL;
        }
        return name.startsWith("uint") ? UINT : name.startsWith("int") ? INT : FLOAT;
    }

    /**
     * The data, as given.
     *
     * @return the segment
     */
    public MemorySegment data() {
        return data;
    }

    /**
     * The element type.
     *
     * @return the dtype
     */
    public DType dtype() {
        return dtype;
    }

    /**
     * The dimensions.
     *
     * @return a copy of them
     */
    public long[] shape() {
        return shape.clone();
    }

    /**
     * The address of the {@code DLTensor} for a call, once the tensor and its data are found
     * usable: what generated code passes (through the runtime's internals).
     *
     * @throws IllegalStateException when the tensor is closed or its data's arena is
     */
    long dlTensorAddress(String parameter) {
        if (closed) {
            throw new IllegalStateException(parameter + " is a closed tensor");
        }
        if (!data.scope().isAlive()) {
            throw new IllegalStateException(parameter + " is a tensor over memory whose arena is"
                    + " closed");
        }
        return dlTensor.address();
    }

    /** Ends the tensor's use: later calls refuse it. The data stays the caller's. */
    @Override
    public void close() {
        closed = true;
    }

    @Override
    public String toString() {
        return "Tensor[" + dtype + " " + Arrays.toString(shape) + "]";
    }
}
