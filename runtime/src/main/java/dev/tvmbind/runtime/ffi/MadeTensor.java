package dev.tvmbind.runtime.ffi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

/**
 * A tensor made in Java ({@link Tensor#of}): a {@code DLTensor} of its own (CPU, contiguous, no
 * byte offset) over the caller's segment, whose arena governs the data.
 */
final class MadeTensor extends Tensor {
    private static final long DL_TENSOR_BYTES = 48; // sizeof(DLTensor), 64-bit

    private final MemorySegment data;
    /** The {@code DLTensor} and its shape: kept reachable, the tensor passes their address. */
    @SuppressWarnings("unused")
    private final MemorySegment memory;
    private volatile boolean closed;

    private MadeTensor(MemorySegment data, DLDataType dataType, long[] shape,
            MemorySegment memory) {
        super(dataType, shape, memory.address(), DLDevice.CPU);
        this.data = data;
        this.memory = memory;
    }

    /** Writes the {@code DLTensor}; the arguments are checked by {@link Tensor#of}. */
    MadeTensor(MemorySegment data, DLDataType dataType, long[] shape) {
        this(data, dataType, shape, dlTensor(data, dataType, shape));
    }

    private static MemorySegment dlTensor(MemorySegment data, DLDataType dataType,
            long[] shape) {
        MemorySegment memory = Arena.ofAuto().allocate(DL_TENSOR_BYTES + 8L * shape.length, 8);
        MemorySegment shapeArray = memory.asSlice(DL_TENSOR_BYTES);
        for (int i = 0; i < shape.length; i++) {
            shapeArray.setAtIndex(ValueLayout.JAVA_LONG, i, shape[i]);
        }
        memory.set(ValueLayout.ADDRESS, 0, data);
        memory.set(ValueLayout.JAVA_INT, 8, DLDevice.CPU.type());
        memory.set(ValueLayout.JAVA_INT, 12, DLDevice.CPU.id());
        memory.set(ValueLayout.JAVA_INT, 16, shape.length);
        memory.set(ValueLayout.JAVA_BYTE, 20, (byte) dataType.code());
        memory.set(ValueLayout.JAVA_BYTE, 21, (byte) dataType.bits());
        memory.set(ValueLayout.JAVA_SHORT, 22, (short) dataType.lanes());
        memory.set(ValueLayout.ADDRESS, 24, shapeArray);
        memory.set(ValueLayout.JAVA_LONG, 32, 0); // strides: NULL, contiguous
        memory.set(ValueLayout.JAVA_LONG, 40, 0);
        return memory;
    }

    @Override
    public MemorySegment data() {
        return data;
    }

    @Override
    public MemorySegment uncheckedData() {
        return data;
    }

    @Override
    public MemorySegment data(Arena scope) {
        Objects.requireNonNull(scope, "scope");
        return data;
    }

    @Override
    long dlTensorAddress(String parameter) {
        if (closed) {
            throw new IllegalStateException(parameter + " is a closed tensor");
        }
        if (!data.scope().isAlive()) {
            throw new IllegalStateException(parameter + " is a tensor over memory whose arena is"
                    + " closed");
        }
        return dlTensor;
    }

    @Override
    void readOnly() {
        // The caller's memory: its own to share or not.
    }

    @Override
    long object() {
        return 0;
    }

    @Override
    public void close() {
        closed = true;
    }
}
