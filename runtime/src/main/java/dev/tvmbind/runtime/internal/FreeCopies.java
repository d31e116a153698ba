package dev.tvmbind.runtime.internal;

import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Hands out the copies of a library that no call is using: the generated binding of a library
 * opened with {@code TvmLibrary.open(Path, int)} runs each call on one. A caller
 * waits (parks) while every copy is busy. Taking and giving back a copy allocates nothing.
 * Used by generated code; applications have no need of it.
 */
public final class FreeCopies {
    private final Semaphore free;
    /** 1 where a copy is in use. */
    private final AtomicIntegerArray busy;

    /**
     * All copies free.
     *
     * @param copies how many copies there are
     */
    public FreeCopies(int copies) {
        free = new Semaphore(copies);
        busy = new AtomicIntegerArray(copies);
    }

    /**
     * Takes a free copy, waiting while there is none.
     *
     * @return its index, to give back with {@link #release}
     */
    public int acquire() {
        free.acquireUninterruptibly();
        // A permit guarantees a free copy; start where this thread is likely to find one.
        int copies = busy.length();
        int start = (int) (Thread.currentThread().threadId() % copies);
        for (int k = 0; ; k = (k + 1) % copies) {
            int copy = (start + k) % copies;
            if (busy.get(copy) == 0 && busy.compareAndSet(copy, 0, 1)) {
                return copy;
            }
        }
    }

    /**
     * Gives a copy back.
     *
     * @param copy what {@link #acquire} returned
     */
    public void release(int copy) {
        busy.set(copy, 0);
        free.release();
    }
}
