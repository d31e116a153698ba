package dev.tvmbind;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/**
 * What a library offers after a run returned non-zero, found once when a binding or executor is
 * made: its {@code const char* TVMGetLastError(void)} (TVM's C runtime API, and tvmbind's
 * platform file), and tvmbind's {@code tvmbind_platform_reset()}, which frees what TVM's code left
 * in the thread's arena (it returns without freeing what it took before the failure). Both are
 * linked on failure only, so that a successful call pays nothing; the text is read at most
 * {@link #MAX} bytes far, so that a string without its NUL cannot run off into memory.
 */
final class FailedRun {
    /** In the class of a binding as loaded from its file, which never runs. */
    static final FailedRun NONE = new FailedRun(null, null);

    private static final int MAX = 1024;

    /** The library's {@code TVMGetLastError}, or null. */
    private final MemorySegment lastError;
    /** The library's {@code tvmbind_platform_reset}, or null. */
    private final MemorySegment reset;

    private FailedRun(MemorySegment lastError, MemorySegment reset) {
        this.lastError = lastError;
        this.reset = reset;
    }

    /** What {@code library} offers after a failed run. */
    static FailedRun of(SymbolLookup library) {
        return new FailedRun(library.find("TVMGetLastError").orElse(null),
                library.find("tvmbind_platform_reset").orElse(null));
    }

    /**
     * Resets tvmbind's platform arena of the calling thread, when the library has one. Call it
     * while still holding the run lock.
     */
    @SuppressWarnings("restricted")
    void resetPlatform() {
        if (reset == null) {
            return;
        }
        try {
            Linker.nativeLinker().downcallHandle(reset, FunctionDescriptor.ofVoid()).invokeExact();
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
    @SuppressWarnings("restricted")
    String lastError() {
        if (lastError == null) {
            return null;
        }
        try {
            MemorySegment text = (MemorySegment) Linker.nativeLinker().downcallHandle(lastError,
                    FunctionDescriptor.of(ValueLayout.ADDRESS)).invokeExact();
            if (text.equals(MemorySegment.NULL)) {
                return null;
            }
            MemorySegment bytes = text.reinterpret(MAX);
            int length = 0;
            while (length < MAX && bytes.get(ValueLayout.JAVA_BYTE, length) != 0) {
                length++;
            }
            return new String(bytes.asSlice(0, length).toArray(ValueLayout.JAVA_BYTE),
                    StandardCharsets.UTF_8);
        } catch (Throwable e) {
            return "(TVMGetLastError failed: " + e + ")";
        }
    }
}
