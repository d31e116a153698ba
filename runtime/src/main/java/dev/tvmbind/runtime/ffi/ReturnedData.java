package dev.tvmbind.runtime.ffi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.LongConsumer;
import java.util.function.LongUnaryOperator;

/**
 * The data of a tensor a function returned, and the reference to TVM's object that keeps it.
 *
 * <p>Why not one shared arena per tensor: closing a shared arena is a handshake with every
 * thread (22–65 µs measured on JDK 25), a thousand times the call. The view {@link Tensor#data()}
 * hands out is made on first use, in a confined arena of the thread that asks: closing that one
 * costs nanoseconds, and only that thread can read it, so nothing reads the memory while another
 * thread releases it. The reference itself is in a {@link TensorBatch}, which the garbage
 * collector releases once it and every tensor of it are unreachable; a view's cleanup holds this
 * object (and so the batch), so nothing is released while a view of its memory is reachable.
 *
 * <p>States: no view yet; a view; {@code BUSY} for the instant {@link #data(Arena)} takes a
 * reference (a close waits for it); closed. The one transition to closed is the one release.
 */
final class ReturnedData {
    private static final Object BUSY = new Object();
    private static final Object CLOSED = new Object();
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(ReturnedData.class, "state", Object.class);
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
    private final LongUnaryOperator retain;
    private final LongConsumer drop;
    /**
     * Holds the tensor's own reference until its one release, or the collector's; null once
     * released, so a closed tensor kept somewhere does not keep its batch's unclosed ones.
     */
    private TensorBatch batch;
    private final int slot;
    @SuppressWarnings("unused") // through STATE
    private volatile Object state;
    /** Whether the data may be shared (a Relax function may return a weight): views read only. */
    private volatile boolean readOnly;

    /**
     * @param object TVM's object, whose reference this now holds
     * @param retain takes one more reference on {@code object}, for {@link #data(Arena)}
     * @param drop drops one reference on an object of the same runtime
     */
    ReturnedData(boolean host, long address, long bytes, long object, LongUnaryOperator retain,
            LongConsumer drop) {
        this.host = host;
        this.address = address;
        this.bytes = bytes;
        this.object = object;
        this.retain = retain;
        this.drop = drop;
        this.batch = TensorBatch.admit(object, bytes, drop);
        this.slot = batch.lastSlot();
    }

    long object() {
        return object;
    }

    /** From now on every view is read-only; set before the tensor is handed out. */
    void readOnly() {
        readOnly = true;
    }

    boolean closed() {
        return state == CLOSED;
    }

    /** The view of the calling thread, made on first use. */
    @SuppressWarnings("restricted")
    MemorySegment view(Tensor tensor) {
        for (;;) {
            Object now = state;
            if (now instanceof View view) {
                if (view.owner() != Thread.currentThread()) {
                    throw new WrongThreadException(tensor + "'s data() belongs to thread \""
                            + view.owner().getName() + "\", which read it first; another thread"
                            + " reads it through data(arena)");
                }
                return view.segment();
            }
            if (now == BUSY) {
                Thread.onSpinWait();
                continue;
            }
            checkReadable(tensor, now);
            Arena arena = Arena.ofConfined();
            MemorySegment segment = MemorySegment.ofAddress(address).reinterpret(bytes, arena,
                    s -> release());
            View view = new View(Thread.currentThread(), arena,
                    readOnly ? segment.asReadOnly() : segment);
            if (STATE.compareAndSet(this, null, view)) {
                return view.segment();
            }
            // Another thread's view came first; this arena, never closed, releases nothing.
        }
    }

    /** The data in the global scope: no view, no check after this one. */
    @SuppressWarnings("restricted")
    MemorySegment unchecked(Tensor tensor) {
        checkReadable(tensor, state);
        MemorySegment segment = MemorySegment.ofAddress(address).reinterpret(bytes);
        return readOnly ? segment.asReadOnly() : segment;
    }

    /** A view in {@code scope}, holding a reference of its own until the scope closes. */
    @SuppressWarnings("restricted")
    MemorySegment data(Tensor tensor, Arena scope) {
        Object before;
        for (;;) {
            before = state;
            if (before == BUSY) {
                Thread.onSpinWait();
                continue;
            }
            checkReadable(tensor, before);
            if (STATE.compareAndSet(this, before, BUSY)) {
                break;
            }
        }
        try {
            retain.applyAsLong(object);
        } finally {
            state = before;
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

    private void checkReadable(Tensor tensor, Object now) {
        if (now == CLOSED) {
            throw new IllegalStateException(tensor + " is closed");
        }
        if (!host) {
            throw new IllegalStateException(tensor + " is not in host memory: its data is not"
                    + " readable from Java");
        }
    }

    /**
     * Ends the tensor: its reference is dropped now, unless a view of another thread's is open
     * (that thread may be reading): then when the garbage collector finds view, tensor and the
     * tensor's batch gone.
     */
    void close() {
        for (;;) {
            Object now = state;
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
            if (!(now instanceof View view)) {
                release();
            } else if (view.owner() == Thread.currentThread()) {
                view.arena().close(); // its cleanup drops the reference
            }
            return;
        }
    }
}
