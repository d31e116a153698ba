package dev.tvmbind.runtime.internal.ffi;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/**
 * tvm-ffi's {@code TVMFFIByteArray} ({@code {const char* data; size_t size}}), as an
 * {@code ffi.String}, an {@code ffi.Bytes} and an error's parts hold it right after their header:
 * read into Java, bounded.
 */
final class FfiByteArrays {
    private FfiByteArrays() {}

    /** Bytes read of one array: a text or a byte string of more is cut, or refused. */
    private static final long MAX_TEXT = 1L << 30;
    private static final long BYTE_ARRAY = FfiLibrary.BYTE_ARRAY;

    /** The length in bytes of the {@code TVMFFIByteArray} at {@code address}, before it is read. */
    @SuppressWarnings("restricted")
    static long textSize(long address) {
        return MemorySegment.ofAddress(address).reinterpret(BYTE_ARRAY)
                .get(ValueLayout.JAVA_LONG, 8);
    }

    /** The bytes of the {@code TVMFFIByteArray} at {@code address} (an {@code ffi.Bytes}'s). */
    @SuppressWarnings("restricted")
    static byte[] bytes(long address) {
        MemorySegment array = MemorySegment.ofAddress(address).reinterpret(BYTE_ARRAY);
        long size = array.get(ValueLayout.JAVA_LONG, 8);
        if (size > MAX_TEXT) {
            throw new IllegalStateException("an ffi.Bytes of " + size + " bytes: tvmbind reads "
                    + MAX_TEXT + " at most");
        }
        return size <= 0 ? new byte[0] : MemorySegment.ofAddress(array.get(ValueLayout.JAVA_LONG,
                0)).reinterpret(size).toArray(ValueLayout.JAVA_BYTE);
    }

    /** The UTF-8 text of the {@code TVMFFIByteArray} at {@code address}. */
    @SuppressWarnings("restricted")
    static String text(long address) {
        MemorySegment array = MemorySegment.ofAddress(address).reinterpret(BYTE_ARRAY);
        long data = array.get(ValueLayout.JAVA_LONG, 0);
        long size = array.get(ValueLayout.JAVA_LONG, 8);
        if (data == 0 || size <= 0) {
            return "";
        }
        byte[] bytes = MemorySegment.ofAddress(data).reinterpret(Math.min(size, MAX_TEXT))
                .toArray(ValueLayout.JAVA_BYTE);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
