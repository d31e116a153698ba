package dev.tvmbind.runtime.ffi;

import dev.tvmbind.DType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/**
 * A DLPack tensor, as functions of TVM's FFI take and return it.
 *
 * <p>A tensor made here ({@link #of}) is a {@code DLTensor} (data, CPU device, dimensions, data
 * type, shape, contiguous strides, no byte offset) over the caller's native segment. Passed to a
 * function it is borrowed for the call: its {@code DLTensor*} for a {@code tvm::ffi::TensorView}
 * parameter, or, for a parameter marked {@link dev.tvmbind.TvmFfi.Owned} (C++
 * {@code tvm::ffi::Tensor}), an {@code ffi.Tensor} object made for the call, whose DLPack deleter
 * is C's {@code free} (it may run on any thread, or after the JVM began to exit). The data stays
 * the caller's: it must stay open while the tensor, or any object a function kept, is used. Heap
 * memory cannot be pointed to from a {@code DLTensor}: arrays are not tensors here.
 *
 * <p>A tensor a function returns holds a reference to TVM's object: {@link #close()} releases
 * it, or the garbage collector does once the tensor, its data and the other unclosed tensors its
 * thread received beside it (a batch of up to 64) are unreachable; its {@link #data()}, read on
 * one thread, is then closed too (an access throws, it never reads freed memory;
 * {@link #uncheckedData()} is the faster door that does not know). Unclosed returned tensors are
 * bounded: past {@code -Dtvmbind.tensors.unclosedBytes} (32 MiB by default) of them, a call
 * returning one first has the collector release those unreachable.
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
public abstract sealed class Tensor implements AutoCloseable permits MadeTensor, ReturnedTensor {
    private final DLDataType dataType;
    private final long[] shape;
    /** The {@code DLTensor} this tensor passes: its own memory, or inside TVM's object. */
    final long dlTensor;
    /** Where the data lives, read once: a closed tensor's {@code DLTensor} is freed memory. */
    private final DLDevice device;

    Tensor(DLDataType dataType, long[] shape, long dlTensor, DLDevice device) {
        this.dataType = dataType;
        this.shape = shape;
        this.dlTensor = dlTensor;
        this.device = device;
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
        Objects.requireNonNull(dtype, "dtype");
        return of(data, DLDataType.of(dtype), shape);
    }

    /**
     * As {@link #of(MemorySegment, DType, long...)}, for any DLPack data type:
     * {@link DLDataType#BFLOAT16}, the 8-bit floats, vectors.
     *
     * @param data native memory holding at least the tensor's bytes
     * @param dataType its element type
     * @param shape its dimensions, none negative
     * @return the tensor
     */
    public static Tensor of(MemorySegment data, DLDataType dataType, long... shape) {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(dataType, "dataType");
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
        long bytes = dataType.bytes(elements);
        if (data.byteSize() < bytes) {
            throw new IllegalArgumentException("a " + dataType + " tensor of shape "
                    + Arrays.toString(shape) + " needs " + bytes + " bytes; the segment has "
                    + data.byteSize());
        }
        return new MadeTensor(data, dataType, shape.clone());
    }

    /**
     * The data: the segment given to {@link #of}, or for a tensor a function returned its
     * memory, from its first element to its last, closed with the tensor.
     *
     * <p>A returned tensor's data is read on one thread: the first to call this (usually the
     * one that made the call). Another thread reads it through {@link #data(Arena)}.
     *
     * @return the segment
     * @throws IllegalStateException for a closed returned tensor, or one whose data is not on
     *     the CPU
     * @throws WrongThreadException for a returned tensor whose data another thread read first
     */
    public abstract MemorySegment data();

    /**
     * The data, unchecked: a global-scope segment that does not know when the tensor closes,
     * without {@link #data()}'s confined arena (about 40 ns a tensor). Read it only inside the
     * tensor's try-with-resources block, on the thread that closes it, and never keep it: after
     * {@code close()} it points to freed memory. For a tensor made by {@link #of}, the caller's.
     *
     * @return the segment, read-only where the data may be shared (a Relax function's weights)
     * @throws IllegalStateException as {@link #data()}
     */
    public abstract MemorySegment uncheckedData();

    /**
     * The data as a segment of {@code scope}, readable wherever the scope is: for a tensor a
     * function returned, the memory stays valid until {@code scope} closes, even after the tensor
     * is closed (a reference to TVM's object is held for it); for a tensor made by {@link #of},
     * the caller's segment as it is (its own arena governs it).
     *
     * @param scope the arena the segment belongs to
     * @return the segment
     * @throws IllegalStateException as {@link #data()}, or when {@code scope} is closed
     */
    public abstract MemorySegment data(Arena scope);

    /**
     * The element type, as DLPack has it.
     *
     * @return the data type
     */
    public DLDataType dataType() {
        return dataType;
    }

    /**
     * The element type as a {@link DType}, when tvmbind has one.
     *
     * @return it, or empty for {@code bfloat16} and the other types {@code DType} lacks
     */
    public Optional<DType> dtype() {
        return dataType.dtype();
    }

    /**
     * Where the data lives, as DLPack says: {@link DLDevice#CPU} for a tensor made here; for one
     * a function returned, its device ({@code cuda:0}, pinned host memory {@code cuda_host:0}).
     *
     * @return the device
     */
    public DLDevice device() {
        return device;
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
     * The number of dimensions.
     *
     * @return 0 for a scalar
     */
    public int rank() {
        return shape.length;
    }

    /**
     * One dimension, without copying the shape.
     *
     * @param axis from 0 to {@code rank() - 1}
     * @return its size
     * @throws IndexOutOfBoundsException for another axis
     */
    public long dim(int axis) {
        return shape[axis];
    }

    /**
     * The address of the {@code DLTensor} for a call, once the tensor and its data are found
     * usable: what generated code passes (through the runtime's internals).
     *
     * @throws IllegalStateException when the tensor is closed or its data's arena is
     */
    abstract long dlTensorAddress(String parameter);

    /** Makes a returned tensor's data read-only (the runtime's internals, before handing out). */
    abstract void readOnly();

    /** TVM's object this tensor holds, or 0 for a tensor made by {@link #of}. */
    abstract long object();

    /**
     * Ends the tensor's use: later calls refuse it. A tensor a function returned releases TVM's
     * object, and its data closes; the data of a tensor made by {@link #of} stays the caller's.
     */
    @Override
    public abstract void close();

    @Override
    public String toString() {
        return "Tensor[" + dataType + " " + Arrays.toString(shape) + "]";
    }
}
