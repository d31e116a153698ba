package dev.tvmbind.runtime.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Native scratch memory for the calls of one generated binding, so that copying arrays and
 * filling TVM's pointer structs allocate nothing per call. Used by generated code; applications
 * have no need of it.
 *
 * <p>A thread's first call claims one of a fixed number of slots, chosen by its thread id, and
 * keeps it: later calls find their scratch with a few plain reads, no lock, no atomic operation and
 * no {@link ThreadLocal} lookup. A thread whose slot is taken by a live thread falls back to a
 * {@link ThreadLocal}; a call made while the thread's scratch is in use (a native function calling
 * back into Java and into the binding again) gets fresh memory of its own. Memory comes from
 * automatic arenas and is freed by the garbage collector.
 */
public final class ScratchPool {
    static final int SLOTS = 64;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Scratch[].class);
    private static final ThreadLocal<Scratch> FALLBACK =
            ThreadLocal.withInitial(() -> new Scratch(Thread.currentThread(), false));

    /** Package-private for tests. */
    final Scratch[] slots = new Scratch[SLOTS];

    /** Creates an empty pool; memory is allocated on first use. */
    public ScratchPool() {}

    /**
     * Returns scratch memory for the calling thread, to be given back with
     * {@link Scratch#release()} in a {@code finally} block.
     *
     * @return the thread's scratch, now in use
     */
    public Scratch acquire() {
        Thread thread = Thread.currentThread();
        Scratch scratch = slots[(int) thread.threadId() & (SLOTS - 1)];
        if (scratch != null && scratch.owner == thread && !scratch.busy) {
            scratch.busy = true;
            return scratch;
        }
        return acquireSlowly(thread);
    }

    private Scratch acquireSlowly(Thread thread) {
        int index = (int) thread.threadId() & (SLOTS - 1);
        Scratch current = (Scratch) SLOT.getVolatile(slots, index);
        if (current == null || current.owner != thread && !current.owner.isAlive()) {
            Scratch claimed = new Scratch(thread, false);
            if (SLOT.compareAndSet(slots, index, current, claimed)) {
                claimed.busy = true;
                return claimed;
            }
        }
        Scratch fallback = FALLBACK.get();
        if (!fallback.busy) {
            fallback.busy = true;
            return fallback;
        }
        return new Scratch(thread, true);
    }
}
