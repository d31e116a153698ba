package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.internal.Arguments;
import dev.tvmbind.runtime.internal.Scratch;
import dev.tvmbind.runtime.internal.Utf8;
import dev.tvmbind.runtime.internal.shared.InternalAccess;
import dev.tvmbind.runtime.internal.shared.PublicTypes;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * TVM's FFI calling convention as generated code speaks it: the exported
 * {@code int __tvm_ffi_<name>(void* self, const TVMFFIAny* args, int32_t num_args,
 * TVMFFIAny* result)}, its arguments and result packed in the {@linkplain #frame frame}
 * of a thread's scratch: value {@code i} at offset {@code 16 * i}, each call's layout fixed when
 * its binding was generated, so a call writes words at constant offsets as hand-written code would.
 * A {@code TVMFFIAny} is 16 bytes: an {@code int32} type index and 4 bytes (zero, or a small
 * string's length), then an 8-byte union; here two 64-bit words (the type index is the low half
 * of the first on the little-endian machines FFM supports). Arguments are borrowed; a
 * result the callee hands over is released here, once, after it is read.
 */
public final class FfiValues {
    /** The package-private side of the runtime this package may use. */
    private static final InternalAccess.Internals ACCESS = InternalAccess.get();

    private FfiValues() {}

    static {
        if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) {
            throw new ExceptionInInitializerError("tvmbind's FFI binding needs a little-endian"
                    + " machine");
        }
    }

    /** The descriptor of every exported function: self, args and result as 64-bit addresses. */
    public static final FunctionDescriptor SAFE_CALL = FunctionDescriptor.of(ValueLayout.JAVA_INT,
            ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT,
            ValueLayout.JAVA_LONG);

    /**
     * All of memory as one segment, for reading what C hands over (a {@code DLTensor}, a call's
     * values, an object's header) without a segment a read. Package-private: never handed out.
     */
    @SuppressWarnings("restricted")
    static final MemorySegment EVERYWHERE = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

    /**
     * Begins a call: room for {@code anys} values at the start of the thread's scratch, then
     * {@code bytes} bytes of strings ({@link #copyInString}).
     *
     * @param anys the call's arguments and its result
     * @param bytes the sum of {@link Utf8#roomFor} over the call's strings
     * @return the scratch's memory, value {@code i} at offset {@code 16 * i}
     */
    public static MemorySegment frame(Scratch scratch, int anys, long bytes) {
        return ACCESS.frame(scratch, anys, bytes);
    }

    /** Where the frame starts: the address of its value 0. */
    public static long address(Scratch scratch) {
        return ACCESS.address(scratch);
    }

    /**
     * Writes a string argument and its NUL after the frame's values, with no guard after it (the
     * callee borrows a {@code const char*}, which it only reads).
     *
     * @param text the string, checked by {@link Utf8#roomFor}
     * @param room what {@link Utf8#roomFor} gave
     * @return the C string's address
     */
    public static long copyInString(Scratch scratch, String text, long room) {
        long at = ACCESS.take(scratch, room);
        // The JDK's own encoder: on JDK 25 it copies a Latin-1 string's bytes without allocating.
        ACCESS.memory(scratch).setString(at, text, StandardCharsets.UTF_8);
        return ACCESS.address(scratch) + at;
    }

    private static void set(MemorySegment frame, int index, int type, long value) {
        FfiWords.word(frame, 16L * index, type, value);
    }

    /** An integer ({@code int64} on the wire, whatever the Java width). */
    public static void setInt(MemorySegment frame, int index, long value) {
        set(frame, index, FfiTypeIndex.INT, value);
    }

    /** A floating-point number ({@code double} on the wire). */
    public static void setFloat(MemorySegment frame, int index, double value) {
        set(frame, index, FfiTypeIndex.FLOAT, Double.doubleToRawLongBits(value));
    }

    /** A boolean. */
    public static void setBool(MemorySegment frame, int index, boolean value) {
        set(frame, index, FfiTypeIndex.BOOL, value ? 1 : 0);
    }

    /**
     * An opaque pointer: the segment's address ({@code None} for {@code MemorySegment.NULL}),
     * once the segment is found usable by this thread.
     */
    public static void setPointer(MemorySegment frame, int index, MemorySegment segment,
            String parameter) {
        Arguments.checkSegment(segment, parameter);
        long address = segment.address();
        set(frame, index, address == 0 ? FfiTypeIndex.NONE : FfiTypeIndex.OPAQUE_PTR, address);
    }

    /**
     * A tensor, borrowed for the call: its {@code DLTensor*} (what a {@code TensorView} parameter
     * takes). The caller keeps the tensor reachable until the call returns.
     */
    public static void setTensor(MemorySegment frame, int index, Tensor tensor,
            String parameter) {
        Objects.requireNonNull(tensor, parameter);
        set(frame, index, FfiTypeIndex.DL_TENSOR_PTR,
                PublicTypes.dlTensorAddress(tensor, parameter));
    }

    /**
     * A tensor for a {@code tvm::ffi::Tensor} parameter: an {@code ffi.Tensor} object, the
     * tensor's own when a function returned it, else one made for the call.
     *
     * @return the object made, which the caller releases after the call ({@link #releaseMade}),
     *     or 0
     */
    public static long setOwnedTensor(MemorySegment frame, int index, Tensor tensor,
            String parameter, FfiLibrary library, String function) {
        Objects.requireNonNull(tensor, parameter);
        Objects.requireNonNull(library, "library");
        long dlTensor = PublicTypes.dlTensorAddress(tensor, parameter);
        long own = PublicTypes.tensorObject(tensor);
        long made = own == 0 ? FfiTensors.newObject(dlTensor, library, function) : 0;
        set(frame, index, FfiTypeIndex.TENSOR, own == 0 ? made : own);
        return made;
    }

    /** Releases what {@link #setOwnedTensor} made, after the call; nothing for 0. */
    public static void releaseMade(FfiLibrary library, long object) {
        if (object != 0) {
            library.release(object);
        }
    }

    /** A string: the address of its NUL-terminated copy ({@link #copyInString}). */
    public static void setString(MemorySegment frame, int index, long copy) {
        set(frame, index, FfiTypeIndex.RAW_STR, copy);
    }

    /** {@code None}: what the result holds before the call, as the ABI asks. */
    public static void clear(MemorySegment frame, int index) {
        set(frame, index, FfiTypeIndex.NONE, 0);
    }

    /** Word {@code word} (0 or 1) of the value at {@code index}. */
    private static long word(MemorySegment frame, int index, int word) {
        return frame.get(ValueLayout.JAVA_LONG_UNALIGNED, 16L * index + 8 * word);
    }

    /**
     * The result's type index. Every reader asks for the library first: only a binding linked to
     * a vouched library has one, so no other code can make these read an object at an address
     * it wrote into memory of its own.
     */
    private static int type(MemorySegment frame, int result, FfiLibrary library) {
        Objects.requireNonNull(library, "library");
        return (int) word(frame, result, 0);
    }

    /**
     * The result as an integer of {@code bits} bits ({@code int64} on the wire): a value the Java
     * type cannot hold throws.
     */
    public static long toInt(MemorySegment frame, int result, FfiLibrary library, String function,
            int bits) {
        int type = type(frame, result, library);
        if (type == FfiBigInts.TYPE) {
            try {
                return FfiBigInts.fitting(frame.asSlice(16L * result, 16), library, function, bits);
            } finally {
                toVoid(frame, result, library);
            }
        }
        if (type != FfiTypeIndex.INT && type != FfiTypeIndex.BOOL) {
            throw mismatch(frame, result, library, function, "int");
        }
        return fits(word(frame, result, 1), bits, function);
    }

    /** {@code value}, when a Java integer of {@code bits} bits holds it; else a TypeError. */
    static long fits(long value, int bits, String function) {
        if (bits < Long.SIZE && (value >> (bits - 1)) != (value >> 63)) {
            throw PublicTypes.tvmFfiException(function, "TypeError", "the result " + value
                    + " does not fit the interface's " + bits + "-bit type", "");
        }
        return value;
    }

    /** The result as a floating-point number (an integer result is converted, as TVM does). */
    public static double toFloat(MemorySegment frame, int result, FfiLibrary library,
            String function) {
        int type = type(frame, result, library);
        if (type == FfiTypeIndex.INT) {
            return word(frame, result, 1);
        }
        if (type != FfiTypeIndex.FLOAT) {
            throw mismatch(frame, result, library, function, "float");
        }
        return Double.longBitsToDouble(word(frame, result, 1));
    }

    /** The result as a boolean. */
    public static boolean toBool(MemorySegment frame, int result, FfiLibrary library,
            String function) {
        int type = type(frame, result, library);
        if (type != FfiTypeIndex.BOOL && type != FfiTypeIndex.INT) {
            throw mismatch(frame, result, library, function, "bool");
        }
        return word(frame, result, 1) != 0;
    }

    /** The result as an opaque pointer (a zero-length segment; {@code None} is NULL). */
    public static MemorySegment toPointer(MemorySegment frame, int result, FfiLibrary library,
            String function) {
        int type = type(frame, result, library);
        if (type == FfiTypeIndex.NONE) {
            return MemorySegment.NULL;
        }
        if (type != FfiTypeIndex.OPAQUE_PTR) {
            throw mismatch(frame, result, library, function, "void*");
        }
        return MemorySegment.ofAddress(word(frame, result, 1));
    }

    /** The result as a string: a small one held in the value itself, or a string object. */
    public static String toText(MemorySegment frame, int result, FfiLibrary library,
            String function) {
        int type = type(frame, result, library);
        if (type != FfiTypeIndex.SMALL_STR && type != FfiTypeIndex.STR) {
            throw mismatch(frame, result, library, function, "ffi.String");
        }
        try {
            return text(frame, result);
        } finally {
            if (type == FfiTypeIndex.STR) {
                library.release(word(frame, result, 1));
            }
        }
    }

    /** The text of a string value, small or an object, which stays where it is. */
    static String text(MemorySegment frame, int index) {
        if ((int) word(frame, index, 0) == FfiTypeIndex.SMALL_STR) {
            int length = (int) (word(frame, index, 0) >>> 32);
            long bytes = word(frame, index, 1);
            byte[] text = new byte[length];
            for (int i = 0; i < length; i++) {
                text[i] = (byte) (bytes >>> (8 * i));
            }
            return new String(text, StandardCharsets.UTF_8);
        }
        return FfiByteArrays.text(word(frame, index, 1) + FfiLibrary.OBJECT_HEADER);
    }

    /** The result as a tensor Java owns from now on ({@code ffi.Tensor}). */
    public static Tensor toTensor(MemorySegment frame, int result, FfiLibrary library,
            String function) {
        int type = type(frame, result, library);
        if (type != FfiTypeIndex.TENSOR) {
            throw mismatch(frame, result, library, function, "ffi.Tensor");
        }
        return FfiReturnedTensors.fromObject(word(frame, result, 1), library, function);
    }

    /** No result ({@code None}); an object returned anyway is released. */
    public static void toVoid(MemorySegment frame, int result, FfiLibrary library) {
        if (type(frame, result, library) >= FfiTypeIndex.STATIC_OBJECT_BEGIN) {
            library.release(word(frame, result, 1));
        }
    }

    /** A result of another type than the interface's: released, and said. */
    private static RuntimeException mismatch(MemorySegment frame, int result, FfiLibrary library,
            String function, String expected) {
        int type = type(frame, result, library);
        toVoid(frame, result, library);
        return PublicTypes.tvmFfiException(function, "TypeError", "the interface expects "
                + expected + " but the function returned " + FfiTypeNames.of(type, library), "");
    }
}
