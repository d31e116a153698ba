package dev.tvmbind.runtime.internal;

import dev.tvmbind.runtime.TvmException;
import dev.tvmbind.runtime.internal.shared.PublicTypes;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;

/**
 * What a library offers after a run returned non-zero, found once when a binding or executor is
 * made: its {@code TVMGetLastError()} (TVM's C runtime API, and tvmbind's platform file), and
 * tvmbind's {@code tvmbind_platform_reset()}, which frees what TVM's code left in the thread's
 * arena (it returns without freeing what it took before the failure). Both are linked on failure
 * only, so that a successful call pays nothing, with the runtime's native access: the library is
 * one that code with native access opened or handed over ({@link NativeAccess.Vouched}).
 */
public final class FailedRun {
    /** In a binding class linked to no library, which never runs. */
    static final FailedRun NONE = new FailedRun(null, null);

    /** The library's {@code TVMGetLastError}, or null. */
    private final MemorySegment lastError;
    /** The library's {@code tvmbind_platform_reset}, or null. */
    private final MemorySegment reset;

    private FailedRun(MemorySegment lastError, MemorySegment reset) {
        this.lastError = lastError;
        this.reset = reset;
    }

    /**
     * What {@code library} offers after a failed run.
     *
     * @param library the model's library, vouched for by code with native access
     * @return what it offers
     */
    public static FailedRun of(NativeAccess.Vouched library) {
        return new FailedRun(library.find(TvmFunction.LAST_ERROR.toString()).orElse(null),
                library.find(TvmFunction.PLATFORM_RESET.toString()).orElse(null));
    }

    @SuppressWarnings("restricted")
    private static MethodHandle downcall(TvmFunction function, MemorySegment address) {
        return Linker.nativeLinker().downcallHandle(address, function.descriptor());
    }

    /**
     * TVM's protocol after a failed run, for bindings and executors alike: what
     * {@code TVMGetLastError()} says, read first (a reset may clear it), then the thread's platform
     * arena reset. Call it while still holding the run lock.
     *
     * @param symbol the run function
     * @param status what it returned
     * @return the exception to throw
     */
    public TvmException exception(String symbol, int status) {
        String error = lastError();
        resetPlatform();
        return PublicTypes.tvmException(symbol, status, error);
    }

    /**
     * Resets tvmbind's platform arena of the calling thread, when the library has one. Call it
     * while still holding the run lock.
     */
    void resetPlatform() {
        if (reset == null) {
            return;
        }
        try {
            downcall(TvmFunction.PLATFORM_RESET, reset).invokeExact();
        } catch (Throwable e) {
            throw new IllegalStateException("tvmbind_platform_reset failed", e);
        }
    }

    /**
     * What {@code TVMGetLastError()} says now: read it before another run of the model can
     * replace it.
     *
     * @return its text, or null when the library has none
     */
    String lastError() {
        if (lastError == null) {
            return null;
        }
        try {
            MemorySegment text = (MemorySegment) downcall(TvmFunction.LAST_ERROR, lastError)
                    .invokeExact();
            if (text.equals(MemorySegment.NULL)) {
                return null;
            }
            int length = 0;
            while (length < text.byteSize() && text.get(ValueLayout.JAVA_BYTE, length) != 0) {
                length++;
            }
            return new String(text.asSlice(0, length).toArray(ValueLayout.JAVA_BYTE),
                    StandardCharsets.UTF_8);
        } catch (Throwable e) {
            return "(TVMGetLastError failed: " + e + ")";
        }
    }
}
