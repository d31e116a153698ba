package dev.tvmbind.runtime.internal;

import java.lang.foreign.MemorySegment;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One lock per model per loaded copy of a library, found by the address of the model's run
 * function. TVM's generated code keeps its workspace in static memory (USMP's
 * {@code global_workspace}) or takes it from {@code TVMBackendAllocWorkspace}, so two runs of one
 * model in one copy must not overlap; two models of one library have separate workspaces, and a
 * private copy of the file has its own, so they have separate locks.
 *
 * <p>Two bindings or executors of the same copy ask with the same address and get the same lock.
 * The registry holds its locks weakly: once no binding or executor holds a lock, its entry goes,
 * so entries do not accumulate as copies are loaded and unloaded. A waiting thread parks (a
 * virtual thread unmounts from its carrier).
 */
public final class RunLocks {
    private RunLocks() {}

    private static final ConcurrentHashMap<Long, Entry> LOCKS = new ConcurrentHashMap<>();
    private static final ReferenceQueue<ReentrantLock> CLEARED = new ReferenceQueue<>();

    /** A lock held weakly, with the address it was registered under, to remove it once cleared. */
    private static final class Entry extends WeakReference<ReentrantLock> {
        final long address;

        Entry(ReentrantLock lock, long address) {
            super(lock, CLEARED);
            this.address = address;
        }
    }

    /**
     * The lock of the run function at {@code runFunction}'s address.
     *
     * @param runFunction the run function
     * @return its lock, the same for every caller while anyone holds it
     */
    public static ReentrantLock of(MemorySegment runFunction) {
        removeCleared();
        ReentrantLock[] lock = new ReentrantLock[1];
        LOCKS.compute(runFunction.address(), (address, entry) -> {
            lock[0] = entry == null ? null : entry.get();
            if (lock[0] != null) {
                return entry;
            }
            lock[0] = new ReentrantLock();
            return new Entry(lock[0], address);
        });
        return lock[0];
    }

    /** How many run functions have a lock: for tests of the registry's bound. */
    static int size() {
        removeCleared();
        return LOCKS.size();
    }

    private static void removeCleared() {
        for (Object cleared; (cleared = CLEARED.poll()) != null; ) {
            Entry entry = (Entry) cleared;
            LOCKS.remove(entry.address, entry);
        }
    }
}
