package dev.tvmbind.runtime.internal.ffi;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The live callbacks of {@link FfiCallback}, by id: an index into a table, so the upcall finds
 * its target with one read (no hashing, no boxing) on whatever thread calls it. An id is given
 * again once its function was released, when nothing can call it any more.
 *
 * <p>Without a lock and without an object per callback: a callback lives for one call most often,
 * and two monitor operations a call cost a quarter of it (measured), an entry object 32 bytes. The
 * table is chunks of parallel arrays that never move (growing adds chunks, under a lock, and
 * copies only the chunk list), so nothing set in a chunk is lost to a copy. A slot is filled, then
 * published by a release store of its target, which the upcall reads first.
 *
 * <p>Who fills a slot: the first chunk is {@value #BLOCKS} blocks of {@value #BLOCK} slots, each
 * owned by one thread (found by its id, as {@code ScratchPool} finds scratch), which alone fills
 * its block's slots, so with plain reads and no CAS (a CAS and the modulo of a probe were about a
 * tenth of a callback's round trip). Any thread frees any slot. A thread whose block is another
 * live thread's, or full, claims a slot of the later chunks by a CAS.
 */
final class CallbackSlots {
    private static final int CHUNK_BITS = 10;
    private static final int CHUNK = 1 << CHUNK_BITS;
    /** Slots a thread looks at before the table grows. */
    private static final int PROBES = 64;
    /** A slot taken whose callback is not published yet. */
    private static final Object CLAIMED = new Object();
    private static final int BLOCK = 16;
    private static final int BLOCKS = CHUNK / BLOCK;

    /** One chunk's callbacks: what each upcall calls, and the function made for it. */
    private static final class Chunk {
        final AtomicReferenceArray<Object> targets = new AtomicReferenceArray<>(CHUNK);
        final FfiCallback[] types = new FfiCallback[CHUNK];
        /** The runtime that made each function, which releases it. */
        final FfiLibrary[] libraries = new FfiLibrary[CHUNK];
        /**
         * Each {@code ffi.Function}, once made: read by the thread that made it, or by the reaper
         * after {@code KEPT} (a concurrent set) handed it over.
         */
        final long[] functions = new long[CHUNK];
    }

    /** Replaced when grown, under this object's lock, by a copy with one chunk more. */
    private volatile Chunk[] chunks = {new Chunk(), new Chunk()};
    /** The first chunk's blocks: the thread that fills each. */
    private final AtomicReferenceArray<Thread> owners = new AtomicReferenceArray<>(BLOCKS);

    /** Gives the callback an id, which {@link #remove} frees. Id 0 is never given. */
    long add(Object target, FfiCallback type, FfiLibrary library) {
        Thread thread = Thread.currentThread();
        int block = (int) thread.threadId() & (BLOCKS - 1);
        Thread owner = owners.getAcquire(block);
        if (owner == thread || (owner == null || !owner.isAlive())
                && owners.compareAndSet(block, owner, thread)) {
            Chunk first = chunks[0];
            // Slot 0 of block 0 is id 0: never given.
            for (int at = Math.max(block * BLOCK, 1); at < (block + 1) * BLOCK; at++) {
                if (first.targets.getAcquire(at) == null) { // freed by any thread, filled here
                    fill(first, at, target, type, library);
                    return at;
                }
            }
        }
        return addShared(target, type, library);
    }

    /** A slot of the chunks after the first, claimed by a CAS. */
    private long addShared(Object target, FfiCallback type, FfiLibrary library) {
        for (;;) {
            Chunk[] current = chunks;
            int capacity = (current.length - 1) << CHUNK_BITS;
            // Threads start apart (ids spread by a multiplicative hash), so each finds its own
            // freed slot first.
            int start = (int) ((Thread.currentThread().threadId() * 0x9E3779B97F4A7C15L) >>> 40)
                    % capacity;
            for (int probe = 0; probe < Math.min(capacity, PROBES); probe++) {
                int id = CHUNK + (start + probe) % capacity;
                Chunk chunk = current[id >>> CHUNK_BITS];
                int at = id & (CHUNK - 1);
                if (chunk.targets.getPlain(at) == null
                        && chunk.targets.compareAndSet(at, null, CLAIMED)) {
                    fill(chunk, at, target, type, library);
                    return id;
                }
            }
            // A crowded neighbourhood (callbacks a library keeps): more room spreads them.
            grow(current);
        }
    }

    private static void fill(Chunk chunk, int at, Object target, FfiCallback type,
            FfiLibrary library) {
        // A function parked by another runtime cannot serve this one's callback: released.
        long parked = chunk.functions[at];
        FfiLibrary previous = chunk.libraries[at];
        if (parked != 0 && previous != library) {
            chunk.functions[at] = 0;
            previous.release(parked);
        }
        // A slot keeps its last type and library when freed (a binding's, alive as long as its
        // class): a thread calling one function again stores neither, and so pays no GC barrier.
        if (chunk.types[at] != type) {
            chunk.types[at] = type;
        }
        if (previous != library) {
            chunk.libraries[at] = library;
        }
        chunk.targets.setRelease(at, target);
    }

    private synchronized void grow(Chunk[] seen) {
        if (chunks == seen) { // else another thread grew it
            Chunk[] grown = Arrays.copyOf(seen, seen.length + 1);
            grown[seen.length] = new Chunk();
            chunks = grown;
        }
    }

    /** The chunk of a live id, or null for one never given. */
    private Chunk chunk(long id) {
        Chunk[] current = chunks;
        return id > 0 && id < ((long) current.length << CHUNK_BITS)
                ? current[(int) (id >>> CHUNK_BITS)] : null;
    }

    /** The target of {@code id}, or null when it has none (never given, or freed). */
    Object target(long id) {
        Chunk chunk = chunk(id);
        Object target = chunk == null ? null : chunk.targets.getAcquire((int) id & (CHUNK - 1));
        return target == CLAIMED ? null : target;
    }

    /** The callback type of a live id: read after {@link #target}. */
    FfiCallback type(long id) {
        return chunks[(int) (id >>> CHUNK_BITS)].types[(int) id & (CHUNK - 1)];
    }

    /** The runtime of a live id: read after {@link #target}. */
    FfiLibrary library(long id) {
        return chunks[(int) (id >>> CHUNK_BITS)].libraries[(int) id & (CHUNK - 1)];
    }

    /** The slot's function: made for this id, or parked there by the last one; 0 for none. */
    long function(long id) {
        return chunks[(int) (id >>> CHUNK_BITS)].functions[(int) id & (CHUNK - 1)];
    }

    void function(long id, long function) {
        chunks[(int) (id >>> CHUNK_BITS)].functions[(int) id & (CHUNK - 1)] = function;
    }

    /**
     * Frees {@code id} whose function is released: its target is cleared (the caller's object,
     * which the table must not keep alive); its type and library stay for the slot's next
     * callback.
     */
    void remove(long id) {
        Chunk chunk = chunks[(int) (id >>> CHUNK_BITS)];
        int at = (int) id & (CHUNK - 1);
        chunk.functions[at] = 0;
        chunk.targets.setRelease(at, null);
    }

    /**
     * Frees {@code id} but keeps its function, which only Java holds, for the slot's next
     * callback of the same runtime: the function's {@code self} is the id and its
     * {@code safe_call} the one upcall, so it serves any target the slot is given next, and a
     * callback a call passes needs no function made and released (two calls into C, a
     * {@code malloc} and a {@code free}). At most one function a slot is kept.
     */
    void park(long id) {
        chunks[(int) (id >>> CHUNK_BITS)].targets.setRelease((int) id & (CHUNK - 1), null);
    }
}
