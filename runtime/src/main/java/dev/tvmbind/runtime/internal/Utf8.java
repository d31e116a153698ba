package dev.tvmbind.runtime.internal;

import dev.tvmbind.runtime.internal.ffi.FfiValues;
import java.util.Objects;

/**
 * Java strings as C strings written straight into a call's scratch memory: their UTF-8 size
 * counted here, without a byte array, or for TVM's FFI bounded, then the bytes encoded in place by
 * the JDK ({@link Scratch#copyInString(String, long)}, {@link FfiValues#copyInString}). An
 * unpaired surrogate counts as the one byte {@code '?'} the encoder writes for it.
 */
public final class Utf8 {
    private Utf8() {}

    /**
     * Strings up to this many chars are not counted but given room for their longest encoding:
     * at most 3 KiB of scratch, and one pass over the string (the encoder's) instead of two.
     */
    private static final int COUNTED_FROM = 1024;

    /**
     * The scratch room a string argument of TVM's FFI takes ({@link FfiValues#copyInString}): its
     * UTF-8 bytes, at most 3 for each char, and its NUL, rounded up to 8.
     *
     * @param text the argument
     * @param parameter the Java parameter's name, for messages
     * @return the bytes to reserve in {@link FfiValues#frame}
     */
    public static long roomFor(String text, String parameter) {
        Objects.requireNonNull(text, parameter);
        int length = text.length();
        long bytes;
        if (length > COUNTED_FROM) {
            bytes = size(text, parameter);
        } else if (text.indexOf(0) >= 0) {
            throw containsNul(parameter);
        } else {
            bytes = 3L * length;
        }
        return (bytes + 1 + 7) & -8L;
    }

    /**
     * The UTF-8 bytes of {@code text}, without the terminating NUL, which must not occur inside.
     *
     * @param text the argument
     * @param parameter the Java parameter's name, for messages
     * @return the number of bytes
     */
    public static long size(String text, String parameter) {
        Objects.requireNonNull(text, parameter);
        long bytes = 0;
        int length = text.length();
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c == 0) {
                throw containsNul(parameter);
            }
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (pairAt(text, i)) {
                bytes += 4;
                i++;
            } else {
                bytes += Character.isSurrogate(c) ? 1 : 3;
            }
        }
        return bytes;
    }

    /**
     * The room a string of {@code bytes} UTF-8 bytes takes in scratch memory: its NUL, up to 7
     * bytes to align it, and its guard.
     *
     * @param bytes what {@link #size} counted
     * @return the bytes to reserve in {@link Scratch#begin}
     */
    public static long room(long bytes) {
        return bytes + 1 + 8 + Scratch.GUARD_BYTES;
    }

    private static IllegalArgumentException containsNul(String parameter) {
        return new IllegalArgumentException(parameter + " contains a NUL character, which would"
                + " end the C string early");
    }

    private static boolean pairAt(String text, int i) {
        return Character.isHighSurrogate(text.charAt(i)) && i + 1 < text.length()
                && Character.isLowSurrogate(text.charAt(i + 1));
    }
}
