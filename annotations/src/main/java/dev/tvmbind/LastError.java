package dev.tvmbind;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/**
 * Reads a library's {@code const char* TVMGetLastError(void)} (TVM's C runtime API, and tvmbind's
 * platform file) after a run failed. Linked on failure only, so that a successful call pays
 * nothing; the text is read at most {@link #MAX} bytes far, so that a string without its NUL
 * cannot run off into memory.
 */
final class LastError {
    static final String SYMBOL = "TVMGetLastError";
    /** tvmbind's platform file: frees what a failed run left allocated in the thread's arena. */
    static final String RESET = "tvmbind_platform_reset";
    private static final int MAX = 1024;

    private LastError() {}

    /**
     * After a failed run: resets tvmbind's platform arena of the calling thread, when the
     * library has one (TVM's code returns without freeing what it took before the failure).
     *
     * @param reset the library's {@code tvmbind_platform_reset}, or null
     */
    @SuppressWarnings("restricted")
    static void reset(MemorySegment reset) {
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
     * @param function the library's {@code TVMGetLastError}, or null when it has none
     * @return its text, or null
     */
    @SuppressWarnings("restricted")
    static String read(MemorySegment function) {
        if (function == null) {
            return null;
        }
        try {
            MemorySegment text = (MemorySegment) Linker.nativeLinker().downcallHandle(function,
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
