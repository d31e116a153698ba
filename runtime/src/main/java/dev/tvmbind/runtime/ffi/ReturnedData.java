package dev.tvmbind.runtime.ffi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.Cleaner;
import java.util.function.LongConsumer;
import java.util.function.LongUnaryOperator;

/**
 * The data of a tensor a function returned, and the reference to TVM's object that keeps it.
 *
 * <p>Why not one shared arena per tensor: closing a shared arena is a handshake with every
 * thread (22–65 µs measured on JDK 25), a thousand times the call. The view {@link Tensor#data()}
 * hands out is made on first use, in a confined arena of the thread that asks: closing that one
 * costs nanoseconds, and only that thread can read it, so nothing reads the memory while another
 * thread releases it. The view's cleanup holds this object, so the garbage collector cannot
 * release TVM's object while a view of its memory is reachable without the tensor.
 *
 * <p>States: no view yet; a view; {@code BUSY} for the instant {@link #data(Arena)} takes a
 * reference (a close waits for it); closed.
 */
final class ReturnedData {
    private static final Cleaner CLEANER = Cleaner.create();
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
    /** Drops the tensor's own reference, once: by {@link #close()}, a view's arena or the GC. */
    private final Cleaner.Cleanable release;
    @SuppressWarnings("unused") // through STATE
    private volatile Object state;
    /** Whether the data may be shared (a Relax function may return a weight): views read only. */
    private volatile boolean readOnly;

    /**
     * @param release drops the tensor's reference (and whatever else accounts for it), once
     * @param retain takes one more reference on {@code object}, for {@link #data(Arena)}
     * @param drop drops one reference on {@code object}
     */
    ReturnedData(boolean host, long address, long bytes, long object, Runnable release,
            LongUnaryOperator retain, LongConsumer drop) {
        this.host = host;
        this.address = address;
        this.bytes = bytes;
        this.object = object;
        this.retain = retain;
        this.drop = drop;
        this.release = CLEANER.register(this, release);
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
                    s -> release.clean());
            View view = new View(Thread.currentThread(), arena,
                    readOnly ? segment.asReadOnly() : segment);
            if (STATE.compareAndSet(this, null, view)) {
                return view.segment();
            }
            // Another thread's view came first; this arena, never closed, releases nothing.
        }
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
     * (that thread may be reading): then when the garbage collector finds view and tensor gone.
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
                release.clean();
            } else if (view.owner() == Thread.currentThread()) {
                view.arena().close(); // its cleanup drops the reference
            }
            return;
        }
    }
}
