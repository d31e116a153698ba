package dev.tvmbind.runtime;

import dev.tvmbind.runtime.internal.Libraries;
import dev.tvmbind.runtime.internal.NativeAccess;
import dev.tvmbind.runtime.internal.PrivateCopies;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * What a {@link TvmLibrary}'s {@code model()} bindings are linked to (the library opened again,
 * or copies of their own), closed at the library's close once none of their calls is inside C: a
 * downcall keeps the arena of its address alive, so its close fails while one is.
 */
final class ModelArena {
    /** How often a close looks again for the end of a binding's call inside C. */
    private static final long MODEL_CALL_POLL = Duration.ofMillis(1).toNanos();

    private final Arena arena = Arena.ofShared();

    /**
     * The library opened again for one binding, or as many private copies as {@code copies}.
     *
     * @param copies the library's own copies, or null
     */
    List<NativeAccess.Vouched> load(NativeAccess.Vouched library,
            List<NativeAccess.Vouched> copies) {
        return copies != null ? PrivateCopies.loadAgain(library, copies.size(), arena)
                : List.of(Libraries.reopen(library, arena));
    }

    /**
     * The binding of {@code model} over {@code own}: each a private copy of its own when
     * {@code copies}, else the one library; each owned by {@code scope}, the library's.
     */
    static <T> T bind(Class<T> model, List<NativeAccess.Vouched> own, boolean copies,
            MemorySegment.Scope scope) {
        if (copies) {
            return TvmModels.load(model, own.stream().map(copy -> copy.ownedBy(scope)).toList());
        }
        return TvmModels.loadVouched(model, own.getFirst().ownedBy(scope));
    }

    /**
     * Unmaps what the bindings call, once none of their calls is inside C.
     *
     * @throws IllegalStateException when one still is at the deadline
     */
    void close(long deadline, String waited, String library) {
        while (arena.scope().isAlive()) {
            try {
                arena.close();
            } catch (IllegalStateException busy) {
                if (System.nanoTime() - deadline >= 0) {
                    throw new IllegalStateException("cannot close " + library + " while a call"
                            + " of a binding of model() is in progress in another thread (waited "
                            + waited + "); nothing was closed", busy);
                }
                LockSupport.parkNanos(MODEL_CALL_POLL);
            }
        }
    }
}
