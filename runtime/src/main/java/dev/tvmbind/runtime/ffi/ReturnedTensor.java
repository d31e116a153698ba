package dev.tvmbind.runtime.ffi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.function.LongConsumer;
import java.util.function.LongUnaryOperator;

/**
 * A tensor a function returned: the reference to TVM's object that keeps its data, and its data.
 *
 * <p>Why not one shared arena per tensor: closing a shared arena is a handshake with every
 * thread (22–65 µs measured on JDK 25), a thousand times the call. The view {@link Tensor#data()}
 * hands out is made on first use, in a confined arena of the thread that asks: closing that one
 * costs nanoseconds, and only that thread can read it, so nothing reads the memory while another
 * thread releases it. The reference itself is in a {@link TensorBatch}, which the garbage
 * collector releases once it and every tensor of it are unreachable; a view's cleanup holds this
 * object (and so the batch), so nothing is released while a view of its memory is reachable.
 *
 * <p>States: open; a view; {@code BUSY} for the instant {@link #data()} makes its view or
 * {@link #data(Arena)} takes a reference (a close waits for it); closed. The one transition to
 * closed is the one release.
 */
final class ReturnedTensor extends Tensor {
    private static final int OPEN = 0;
    private static final int VIEWED = 1;
    private static final int BUSY = 2;
    private static final int CLOSED = 3;
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(ReturnedTensor.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A view of the data, readable by the thread that asked for it first. */
    private record View(Thread owner, Arena arena, MemorySegment segment) {}

    /** False for memory the CPU cannot read (a GPU's). */
    private final boolean host;
    private final long address;
    private final long bytes;
    private final long object;
    /**
     * Holds the tensor's own reference until its one release, or the collector's; null once
     * released, so a closed tensor kept somewhere does not keep its batch's unclosed ones.
     */
    private TensorBatch batch;
    private final int slot;
    @SuppressWarnings("unused") // through STATE
    private volatile int state;
    /** The view, once {@code state} is {@code VIEWED}: written before, under {@code BUSY}. */
    private View view;
    /** Whether the data may be shared (a Relax function may return a weight): views read only. */
    private volatile boolean readOnly;

    /**
     * A tensor TVM returned, as the runtime's internals read its {@code DLTensor}: the
     * {@code bytes} at {@code address} (readable when {@code host}) stay valid while
     * {@code object} is held.
     *
     * @param object TVM's object, whose reference this now holds
     * @param retain takes one more reference on {@code object}, for {@link #data(Arena)}
     * @param drop drops one reference on an object of the same runtime
     */
    ReturnedTensor(DLDataType dataType, long[] shape, long dlTensor, int deviceType,
            int deviceId, long object, boolean host, long address, long bytes,
            LongUnaryOperator retain, LongConsumer drop) {
        super(dataType, shape, dlTensor,
                deviceType == DLDevice.CPU.type() && deviceId == DLDevice.CPU.id() ? DLDevice.CPU
                        : new DLDevice(deviceType, deviceId));
        this.host = host;
        this.address = address;
        this.bytes = bytes;
        this.object = object;
        this.batch = TensorBatch.admit(object, bytes, retain, drop);
        this.slot = batch.lastSlot();
    }

    @Override
    long object() {
        return object;
    }

    /** From now on every view is read-only; set before the tensor is handed out. */
    @Override
    void readOnly() {
        readOnly = true;
    }

    @Override
    long dlTensorAddress(String parameter) {
        if (state == CLOSED) {
            throw new IllegalStateException(parameter + " is a closed tensor");
        }
        return dlTensor;
    }

    /** The view of the calling thread, made on first use. */
    @Override
    @SuppressWarnings("restricted")
    public MemorySegment data() {
        for (;;) {
            int now = state;
            if (now == VIEWED) {
                View view = this.view;
                if (view.owner() != Thread.currentThread()) {
                    throw new WrongThreadException(this + "'s data() belongs to thread \""
                            + view.owner().getName() + "\", which read it first; another thread"
                            + " reads it through data(arena)");
                }
                return view.segment();
            }
            if (now == BUSY) {
                Thread.onSpinWait();
                continue;
            }
            checkReadable(now);
            if (!STATE.compareAndSet(this, OPEN, BUSY)) {
                continue;
            }
            try {
                Arena arena = Arena.ofConfined();
                MemorySegment segment = MemorySegment.ofAddress(address).reinterpret(bytes,
                        arena, s -> release());
                view = new View(Thread.currentThread(), arena,
                        readOnly ? segment.asReadOnly() : segment);
            } catch (Throwable e) {
                STATE.setRelease(this, OPEN); // no view (out of memory): a close must not wait
                throw e;
            }
            STATE.setRelease(this, VIEWED); // the view written before; no fence needed after
            return view.segment();
        }
    }

    /** The data in the global scope: no view, no check after this one. */
    @Override
    @SuppressWarnings("restricted")
    public MemorySegment uncheckedData() {
        checkReadable(state);
        MemorySegment segment = MemorySegment.ofAddress(address).reinterpret(bytes);
        return readOnly ? segment.asReadOnly() : segment;
    }

    /** A view in {@code scope}, holding a reference of its own until the scope closes. */
    @Override
    @SuppressWarnings("restricted")
    public MemorySegment data(Arena scope) {
        Objects.requireNonNull(scope, "scope");
        int before;
        for (;;) {
            before = state;
            if (before == BUSY) {
                Thread.onSpinWait();
                continue;
            }
            checkReadable(before);
            if (STATE.compareAndSet(this, before, BUSY)) {
                break;
            }
        }
        // Open (BUSY keeps a close out): the batch is there, and holds the runtime's operations.
        LongConsumer drop = batch.drop();
        try {
            batch.retain().applyAsLong(object);
        } finally {
            STATE.setRelease(this, before);
        }
        try {
            MemorySegment segment = MemorySegment.ofAddress(address).reinterpret(bytes, scope,
                    s -> drop.accept(object));
            return readOnly ? segment.asReadOnly() : segment;
        } catch (RuntimeException e) {
            drop.accept(object);
            throw e;
        }
    }

    /** The one release: by the close that won, or by the view's arena that close closed. */
    private void release() {
        batch.release(slot);
        batch = null;
    }

    private void checkReadable(int now) {
        if (now == CLOSED) {
            throw new IllegalStateException(this + " is closed");
        }
        if (!host) {
            throw new IllegalStateException(this + " is not in host memory: its data is not"
                    + " readable from Java");
        }
    }

    /**
     * Ends the tensor: its reference is dropped now, unless a view of another thread's is open
     * (that thread may be reading): then when the garbage collector finds view, tensor and the
     * tensor's batch gone.
     */
    @Override
    public void close() {
        for (;;) {
            int now = state;
            if (now == CLOSED) {
                return;
            }
            if (now == BUSY) {
                Thread.onSpinWait();
                continue;
            }
            if (!STATE.compareAndSet(this, now, CLOSED)) {
                continue;
            }
            if (now == OPEN) {
                release();
            } else if (view.owner() == Thread.currentThread()) {
                view.arena().close(); // its cleanup drops the reference
            }
            return;
        }
    }
}
