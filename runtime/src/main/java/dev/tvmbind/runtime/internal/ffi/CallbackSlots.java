package dev.tvmbind.runtime.internal.ffi;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The live callbacks of {@link FfiCallback}, by id: an index into a table, so the upcall finds
 * its target with one read (no hashing, no boxing) on whatever thread calls it. An id is given
 * again once its function was released, when nothing can call it any more.
 */
final class CallbackSlots {
    /** A callback passed to a library: what its upcall calls, and the function made for it. */
    static final class Entry {
        final Object target;
        final FfiCallback type;
        /** The runtime that made the function, which releases it. */
        final FfiLibrary library;
        /** The {@code ffi.Function}, once made. */
        volatile long function;

        Entry(Object target, FfiCallback type, FfiLibrary library) {
            this.target = target;
            this.type = type;
            this.library = library;
        }
    }

    /** Replaced when grown, under this object's lock; entries set there too. */
    private volatile AtomicReferenceArray<Entry> table = new AtomicReferenceArray<>(64);
    private int[] free = new int[16];
    private int freeCount;
    /** Id 0 is never given: a frame's 0 means no function. */
    private int next = 1;

    /** Gives {@code entry} an id, which {@link #remove} frees. */
    synchronized long add(Entry entry) {
        int id = freeCount > 0 ? free[--freeCount] : next++;
        AtomicReferenceArray<Entry> current = table;
        if (id >= current.length()) {
            AtomicReferenceArray<Entry> grown = new AtomicReferenceArray<>(current.length() * 2);
            for (int i = 0; i < current.length(); i++) {
                grown.set(i, current.get(i));
            }
            table = current = grown;
        }
        current.set(id, entry);
        return id;
    }

    /** The entry of {@code id}, or null. */
    Entry get(long id) {
        AtomicReferenceArray<Entry> current = table;
        return id > 0 && id < current.length() ? current.get((int) id) : null;
    }

    synchronized void remove(long id) {
        table.set((int) id, null);
        if (freeCount == free.length) {
            free = Arrays.copyOf(free, free.length * 2);
        }
        free[freeCount++] = (int) id;
    }
}
