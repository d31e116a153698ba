package dev.tvmbind.runtime;

import dev.tvmbind.DType;
import dev.tvmbind.TensorRole;
import dev.tvmbind.runtime.internal.Arguments;
import dev.tvmbind.runtime.internal.Scratch;
import dev.tvmbind.runtime.internal.TensorArgument;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * One input, output, workspace pool or device of a {@link TvmExecutor}: its native buffer (none
 * for a device) and its slot in TVM's struct of pointers. Checks come first, and messages are
 * built only on failure, so that a call allocates nothing.
 */
final class ExecutorTensor {
    final TensorInfo info;
    /** Says how the executor was closed, where a close from another thread beat a copy. */
    private final ExecutorMemory owner;
    /** A read-only view of the buffer; null for a device. */
    final MemorySegment view;
    private final TensorRole role;
    private final MemorySegment buffer;
    /** The tensor's size: an executor has none of unknown size but a device's, 0. */
    private final long bytes;
    /** The 8 bytes after the buffer, which C writing past the tensor's end overwrites; or null. */
    private final MemorySegment guard;
    private final MemorySegment struct;
    private final long slot;
    /** The caller's memory in the slot instead of the buffer: a zero-copy input or a device. */
    private MemorySegment adopted;
    /** Whether the slot holds what the model needs: the caller sets inputs and devices. */
    private boolean set;

    /**
     * @param guarded the buffer followed by 8 bytes of guard, or null for a device
     */
    ExecutorTensor(ExecutorMemory owner, TensorRole role, TensorInfo info, MemorySegment guarded,
            MemorySegment struct, long slot) {
        this.owner = owner;
        this.role = role;
        this.info = info;
        this.bytes = info.bytes().orElse(0);
        this.buffer = guarded == null ? null : guarded.asSlice(0, bytes);
        this.guard = guarded == null ? null : guarded.asSlice(bytes, Long.BYTES);
        if (guard != null) {
            guard.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, Scratch.GUARD);
        }
        this.view = buffer == null ? null : buffer.asReadOnly();
        this.struct = struct;
        this.slot = slot;
        if (buffer != null) {
            struct.setAtIndex(ValueLayout.ADDRESS, slot, buffer);
        }
        this.set = role.written();
    }

    /** Whether the caller sets it before a run: an input or a device. */
    boolean settable() {
        return !role.written();
    }

    /** Whether C wrote past the end of the buffer in the last run. */
    boolean overrun() {
        return guard != null && guard.get(ValueLayout.JAVA_LONG_UNALIGNED, 0) != Scratch.GUARD;
    }

    void copyIn(Object array, ValueLayout element, int length) {
        checkArray(element, length);
        try {
            MemorySegment.copy(array, 0, buffer, element, 0, length);
        } catch (IllegalStateException e) {
            throw closed(e);
        }
        ownBuffer();
    }

    void copyIn(MemorySegment data) {
        Arguments.checkUsable(data, this);
        checkSize(data);
        try {
            MemorySegment.copy(data, 0, buffer, 0, bytes);
        } catch (IllegalStateException e) {
            throw closed(e);
        }
        ownBuffer();
    }

    void adopt(MemorySegment data) {
        Arguments.checkUsable(data, this);
        if (!data.isNative() || data.address() == 0) {
            throw new IllegalArgumentException(this + " cannot read "
                    + (data.isNative() ? "MemorySegment.NULL" : "a heap segment")
                    + " without a copy: pass native memory, or copy it with setInput");
        }
        checkSize(data);
        occupy(data);
    }

    /** A device's context: the slot holds the caller's address, which may be NULL. */
    void point(MemorySegment data) {
        Arguments.checkUsable(data, this);
        if (!data.isNative()) {
            throw new IllegalArgumentException(this + " needs a native address, not a heap segment");
        }
        occupy(data);
    }

    /** The slot holds the caller's memory, whose arena {@link #ready} checks before each run. */
    private void occupy(MemorySegment data) {
        try {
            struct.setAtIndex(ValueLayout.ADDRESS, slot, data);
        } catch (IllegalStateException e) {
            throw closed(e);
        }
        adopted = data;
        set = true;
    }

    void copyOut(Object array, ValueLayout element, int length) {
        checkArray(element, length);
        try {
            MemorySegment.copy(buffer, element, 0, array, 0, length);
        } catch (IllegalStateException e) {
            throw closed(e);
        }
    }

    void copyOut(MemorySegment data) {
        Arguments.checkUsable(data, this);
        if (data.isReadOnly()) {
            throw new IllegalArgumentException(this + " cannot be copied into a read-only segment");
        }
        checkSize(data);
        try {
            MemorySegment.copy(buffer, 0, data, 0, bytes);
        } catch (IllegalStateException e) {
            throw closed(e);
        }
    }

    /**
     * FFM's bare "Already closed" where another thread closed the executor or its library
     * between the check and the copy, said as the executor says it; any other failure as it is.
     */
    private IllegalStateException closed(IllegalStateException e) {
        if (struct.scope().isAlive()) {
            return e;
        }
        try {
            owner.checkOpen();
        } catch (IllegalStateException said) {
            said.addSuppressed(e);
            return said;
        }
        return e;
    }

    /**
     * Whether the slot is set; a zero-copy input whose arena has closed since is refused, as the
     * address in the slot would reach C.
     */
    boolean ready() {
        if (adopted != null) {
            Arguments.checkUsable(adopted, this);
        }
        return set;
    }

    private void ownBuffer() {
        if (adopted != null) {
            struct.setAtIndex(ValueLayout.ADDRESS, slot, buffer);
            adopted = null;
        }
        set = true;
    }

    private void checkArray(ValueLayout element, int length) {
        Class<?> carrier = element.carrier();
        if (info.dtype().isPresent() && !info.dtype().get().fits(carrier)) {
            DType dtype = info.dtype().get();
            throw new IllegalArgumentException(this + " is " + dtype + ": pass a "
                    + dtype.javaElement() + "[] or a MemorySegment, not a " + carrier + "[]");
        }
        TensorArgument.checkArray(this, info, bytes, carrier, length, (int) element.byteSize());
    }

    private void checkSize(MemorySegment data) {
        if (data.byteSize() < bytes) {
            throw new IllegalArgumentException(this + " holds " + bytes
                    + " bytes; the segment has " + data.byteSize());
        }
    }

    /** How lists of valid names show it: TVM's name, and the member when it differs. */
    String names() {
        return info.member().equals(info.name()) ? "'" + info.name() + "'"
                : "'" + info.name() + "' (member " + info.member() + ")";
    }

    @Override
    public String toString() {
        return role + " '" + info.name() + "'";
    }
}
