package dev.tvmbind.runtime.internal.ffi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

/**
 * What a callback's typed call, written by generated code ({@link FfiCallback.Invoker}), reads its
 * arguments with and writes its result with: a number, a float and a bool without boxing, through
 * the common case's one type test; anything else (a big integer, a bool for an int, a string, a
 * container, a wrong type and its {@code TypeError}) through the callback's generic converters.
 *
 * <p>Every method wants the runtime's {@link FfiLibrary}, which only a vouched binding has, so no
 * other code reads an object at an address it wrote into memory of its own; the segments are the
 * call's {@code TVMFFIAny} arguments and result, bounded by the runtime.
 */
public final class FfiUpcall {
    private FfiUpcall() {}

    private static final String CALLBACK = "a callback";

    /**
     * Argument {@code index} as an integer of {@code bits} bits.
     *
     * @throws dev.tvmbind.runtime.ffi.TvmFfiException ({@code TypeError}) for another type or a
     *     value the Java type cannot hold
     */
    public static long toInt(MemorySegment args, int index, int bits, FfiCallback type,
            FfiLibrary library) {
        Objects.requireNonNull(library, "library");
        if (args.get(ValueLayout.JAVA_INT_UNALIGNED, 16L * index) == FfiTypeIndex.INT) {
            return FfiValues.fits(args.get(ValueLayout.JAVA_LONG_UNALIGNED, 16L * index + 8), bits,
                    CALLBACK);
        }
        return ((Number) toObject(args, index, type, library)).longValue();
    }

    /** Argument {@code index} as a floating-point number (an integer converted, as TVM does). */
    public static double toFloat(MemorySegment args, int index, FfiCallback type,
            FfiLibrary library) {
        Objects.requireNonNull(library, "library");
        if (args.get(ValueLayout.JAVA_INT_UNALIGNED, 16L * index) == FfiTypeIndex.FLOAT) {
            return args.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, 16L * index + 8);
        }
        return ((Number) toObject(args, index, type, library)).doubleValue();
    }

    /** Argument {@code index} as a bool. */
    public static boolean toBool(MemorySegment args, int index, FfiCallback type,
            FfiLibrary library) {
        Objects.requireNonNull(library, "library");
        if (args.get(ValueLayout.JAVA_INT_UNALIGNED, 16L * index) == FfiTypeIndex.BOOL) {
            return args.get(ValueLayout.JAVA_LONG_UNALIGNED, 16L * index + 8) != 0;
        }
        return (Boolean) toObject(args, index, type, library);
    }

    /** Argument {@code index} as its parameter's Java value, through its converter. */
    public static Object toObject(MemorySegment args, int index, FfiCallback type,
            FfiLibrary library) {
        Objects.requireNonNull(library, "library");
        return type.parameters().get(index).unpack(args.asSlice(16L * index, 16), library,
                CALLBACK);
    }

    /** The result, an integer. */
    public static void setInt(MemorySegment result, long value) {
        FfiWords.word(result, FfiTypeIndex.INT, value);
    }

    /** The result, a floating-point number. */
    public static void setFloat(MemorySegment result, double value) {
        FfiWords.word(result, FfiTypeIndex.FLOAT, Double.doubleToRawLongBits(value));
    }

    /** The result, a bool. */
    public static void setBool(MemorySegment result, boolean value) {
        FfiWords.word(result, FfiTypeIndex.BOOL, value ? 1 : 0);
    }

    /**
     * The result, through the callback's result converter: a string or a container made for the
     * caller, who owns it; an object Java holds given a reference of the caller's own.
     */
    public static void setObject(MemorySegment result, Object value, FfiCallback type,
            FfiLibrary library) throws Throwable {
        Objects.requireNonNull(library, "library");
        FfiContainer converter = type.result();
        // Only a result that needs memory (a string, a container) makes an arena.
        try (Arena arena = converter.allocates() ? Arena.ofConfined() : null) {
            long made = converter.set(result, value, arena, "the callback's result", library,
                    CALLBACK);
            if (made == 0 && result.get(ValueLayout.JAVA_INT_UNALIGNED, 0)
                    >= FfiTypeIndex.STATIC_OBJECT_BEGIN) {
                library.objects().incRef(result.get(ValueLayout.JAVA_LONG_UNALIGNED, 8));
            }
        }
    }
}
