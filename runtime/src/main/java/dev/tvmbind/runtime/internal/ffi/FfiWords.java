package dev.tvmbind.runtime.internal.ffi;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/** {@code TVMFFIAny} values as C reads them: a type index, padding, and 64 bits of value. */
final class FfiWords {
    private FfiWords() {}

    static void word(MemorySegment any, int type, long value) {
        word(any, 0, type, value);
    }

    /** Writes a {@code TVMFFIAny} (type index, padding, value) at {@code at} in {@code base}. */
    static void word(MemorySegment base, long at, int type, long value) {
        // Unaligned layouts: every value is at a multiple of 16 of aligned memory, and the check
        // of an aligned layout's alignment is a cost on every value of every call.
        base.set(ValueLayout.JAVA_LONG_UNALIGNED, at, type & 0xffff_ffffL);
        base.set(ValueLayout.JAVA_LONG_UNALIGNED, at + 8, value);
    }

    /**
     * A Java number's 64 bits on the wire.
     *
     * @param type {@code INT}, {@code FLOAT} or {@code BOOL}: what the value is declared as
     */
    static long bits(int type, Object number) {
        return switch (type) {
            case FfiTypeIndex.INT -> ((Number) number).longValue();
            case FfiTypeIndex.FLOAT -> Double.doubleToRawLongBits(((Number) number).doubleValue());
            default -> (Boolean) number ? 1 : 0;
        };
    }

    /**
     * Writes the {@code size} numbers of {@code list}, all of {@code type}, as the values from
     * {@code from} in {@code values}: one loop and no call an element (numbers make no object
     * and cannot fail but for a null element).
     */
    static void numbers(List<?> list, int size, int type, MemorySegment values, long from,
            String what) {
        for (int i = 0; i < size; i++) {
            Object item = list.get(i);
            if (item == null) {
                throw new NullPointerException(what + "[" + i + "]");
            }
            word(values, from + 16L * i, type, bits(type, item));
        }
    }
}
