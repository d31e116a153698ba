package dev.tvmbind.runtime.internal.ffi;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import java.util.Optional;

/**
 * An {@code Optional} argument of a plain number, written straight into a call's frame as the
 * number or {@code None}: generated code calls the one of its type instead of a converter, so the
 * call packs it in a few instructions. Used by generated code; applications have no need of it.
 */
public final class FfiOptionals {
    private FfiOptionals() {}

    /** An integer ({@code int64} on the wire, whatever the Java width), or None. */
    public static void setInt(MemorySegment frame, int index, Optional<? extends Number> value,
            String parameter) {
        Objects.requireNonNull(value, parameter);
        set(frame, index, FfiTypeIndex.INT, value);
    }

    /** A floating-point number ({@code double} on the wire), or None. */
    public static void setFloat(MemorySegment frame, int index, Optional<? extends Number> value,
            String parameter) {
        Objects.requireNonNull(value, parameter);
        set(frame, index, FfiTypeIndex.FLOAT, value);
    }

    /** A boolean, or None. */
    public static void setBool(MemorySegment frame, int index, Optional<Boolean> value,
            String parameter) {
        Objects.requireNonNull(value, parameter);
        set(frame, index, FfiTypeIndex.BOOL, value);
    }

    /** The number as a value of {@code type}, or None for an empty optional. */
    private static void set(MemorySegment frame, int index, int type, Optional<?> value) {
        FfiWords.word(frame, 16L * index, value.isEmpty() ? FfiTypeIndex.NONE : type,
                value.isEmpty() ? 0 : FfiWords.bits(type, value.get()));
    }
}
