package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.runtime.internal.Arguments;
import dev.tvmbind.runtime.internal.shared.PublicTypes;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.math.BigInteger;

/**
 * Integers past 64 bits ↔ tvm-ffi's {@code ffi.BigInt}, through the C API alone
 * ({@code TVMFFIBigIntFromByteArray}, {@code TVMFFIBigIntGetContentByteArray}: 64-bit words,
 * least significant first, two's complement), so no object layout outside {@code c_api.h} is
 * read. A value that fits 64 bits travels as an {@code int}, as tvm-ffi requires.
 */
final class FfiBigInts {
    private FfiBigInts() {}

    /** {@code kTVMFFIBigInt}. */
    static final int TYPE = 78;
    /** Bytes of one integer a library may hand back: 8 Mi bits. */
    private static final long MAX_BYTES = 1L << 20;
    private static final String NAME = "ffi.BigInt";

    /**
     * Writes {@code value} into {@code any}: an {@code int}, or a BigInt object.
     *
     * @return the object made, which the caller releases; or 0
     */
    static long pack(BigInteger value, MemorySegment any, SegmentAllocator arena,
            FfiLibrary library, String function) {
        if (value.bitLength() < Long.SIZE) {
            FfiWords.word(any, FfiTypeIndex.INT, value.longValue());
            return 0;
        }
        byte[] bigEndian = value.toByteArray();
        int words = (bigEndian.length + 7) / 8;
        byte sign = (byte) (value.signum() < 0 ? -1 : 0);
        MemorySegment content = arena.allocate(8L * words, 8);
        for (int w = 0; w < words; w++) {
            long word = 0;
            for (int b = 0; b < 8; b++) {
                int at = bigEndian.length - 1 - (8 * w + b);
                word |= ((at >= 0 ? bigEndian[at] : sign) & 0xffL) << (8 * b);
            }
            content.setAtIndex(ValueLayout.JAVA_LONG, w, word);
        }
        return library.cApi().fromByteArray(FfiCApi.Function.BIG_INT_FROM_BYTE_ARRAY, content, any,
                arena, library, function);
    }

    /** The integer in {@code any}, an {@code int} or a BigInt, which stays the caller's. */
    @SuppressWarnings("restricted")
    static BigInteger read(MemorySegment any, FfiLibrary library, String function) {
        if (any.get(ValueLayout.JAVA_INT, 0) != TYPE) {
            return BigInteger.valueOf(any.get(ValueLayout.JAVA_LONG, 8));
        }
        MethodHandle content = library.cApi().handle(
                FfiCApi.Function.BIG_INT_GET_CONTENT_BYTE_ARRAY);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment array = (MemorySegment) content.invokeExact((SegmentAllocator) arena,
                    any.address());
            long size = array.get(ValueLayout.JAVA_LONG, 8);
            if (size < 0 || size > MAX_BYTES || size % 8 != 0) {
                throw PublicTypes.tvmFfiException(function, "TypeError", "the function returned"
                        + " an " + NAME + " of " + size + " bytes, which tvmbind does not read"
                        + " (at most " + MAX_BYTES + ")", "");
            }
            long[] words = MemorySegment.ofAddress(array.get(ValueLayout.JAVA_LONG, 0))
                    .reinterpret(size).toArray(ValueLayout.JAVA_LONG);
            byte[] bigEndian = new byte[words.length * 8];
            for (int w = 0; w < words.length; w++) {
                for (int b = 0; b < 8; b++) {
                    bigEndian[bigEndian.length - 1 - (8 * w + b)] = (byte) (words[w] >>> (8 * b));
                }
            }
            return bigEndian.length == 0 ? BigInteger.ZERO : new BigInteger(bigEndian);
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }

    /**
     * The integer in {@code any} as a Java integer of {@code bits} bits; past them the TypeError a
     * too-large {@code int} gets, naming the BigInt's bit length.
     */
    static long fitting(MemorySegment any, FfiLibrary library, String function, int bits) {
        BigInteger value = read(any, library, function);
        if (value.bitLength() >= bits) {
            throw PublicTypes.tvmFfiException(function, "TypeError", "the result, an " + NAME
                    + " of " + (value.bitLength() + 1) + " bits, does not fit the interface's "
                    + bits + "-bit type", "");
        }
        return value.longValue();
    }
}
