package dev.tvmbind.runtime.internal;

import dev.tvmbind.runtime.ffi.Tensor;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * TVM's FFI calling convention as generated code speaks it: the exported
 * {@code int __tvm_ffi_<name>(void* self, const TVMFFIAny* args, int32_t num_args,
 * TVMFFIAny* result)}, its arguments and result packed in a thread's {@link Scratch}. A
 * {@code TVMFFIAny} is 16 bytes: an {@code int32} type index and 4 bytes (zero, or a small
 * string's length), then an 8-byte union; here each is two 64-bit words of scratch, written with
 * {@link Scratch#setPointer} and read with {@link Scratch#word} (the type index is the low half
 * of the first word on the little-endian machines FFM supports). Arguments are borrowed; a
 * result the callee hands over is released here, once, after it is read.
 */
public final class FfiValues {
    private FfiValues() {}

    static {
        if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) {
            throw new ExceptionInInitializerError("tvmbind's FFI binding needs a little-endian"
                    + " machine");
        }
    }

    /** tvm-ffi's type indices ({@code TVMFFITypeIndex}). */
    static final int NONE = 0;
    static final int INT = 1;
    static final int BOOL = 2;
    static final int FLOAT = 3;
    static final int OPAQUE_PTR = 4;
    static final int DL_TENSOR_PTR = 7;
    static final int RAW_STR = 8;
    static final int SMALL_STR = 11;
    static final int STR = 65;
    /** Where objects begin: every index from here is a reference-counted object. */
    static final int STATIC_OBJECT_BEGIN = 64;

    /** The descriptor of every exported function: self, args and result as 64-bit addresses. */
    public static final FunctionDescriptor SAFE_CALL = FunctionDescriptor.of(ValueLayout.JAVA_INT,
            ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT,
            ValueLayout.JAVA_LONG);

    /**
     * The scratch words that {@code anys} values take, for {@link Scratch#begin} and
     * {@link Scratch#struct}.
     *
     * @param anys how many {@code TVMFFIAny}
     * @return twice as many words
     */
    public static int words(int anys) {
        return 2 * anys;
    }

    private static void set(Scratch scratch, long anys, int index, int type, long value) {
        scratch.setPointer(anys, 2 * index, type & 0xffff_ffffL);
        scratch.setPointer(anys, 2 * index + 1, value);
    }

    /** An integer ({@code int64} on the wire, whatever the Java width). */
    public static void setInt(Scratch scratch, long anys, int index, long value) {
        set(scratch, anys, index, INT, value);
    }

    /** A floating-point number ({@code double} on the wire). */
    public static void setFloat(Scratch scratch, long anys, int index, double value) {
        set(scratch, anys, index, FLOAT, Double.doubleToRawLongBits(value));
    }

    /** A boolean. */
    public static void setBool(Scratch scratch, long anys, int index, boolean value) {
        set(scratch, anys, index, BOOL, value ? 1 : 0);
    }

    /**
     * An opaque pointer: the segment's address ({@code None} for {@code MemorySegment.NULL}),
     * once the segment is found usable by this thread.
     */
    public static void setPointer(Scratch scratch, long anys, int index, MemorySegment segment,
            String parameter) {
        Arguments.checkSegment(segment, parameter);
        long address = segment.address();
        set(scratch, anys, index, address == 0 ? NONE : OPAQUE_PTR, address);
    }

    /**
     * A tensor, borrowed for the call: its {@code DLTensor*} (what a {@code TensorView} parameter
     * takes). The caller keeps the tensor reachable until the call returns.
     */
    public static void setTensor(Scratch scratch, long anys, int index, Tensor tensor,
            String parameter) {
        Objects.requireNonNull(tensor, parameter);
        set(scratch, anys, index, DL_TENSOR_PTR, PublicTypes.dlTensorAddress(tensor, parameter));
    }

    /** A string: the address of its NUL-terminated copy ({@link Scratch#copyInString}). */
    public static void setString(Scratch scratch, long anys, int index, long copy) {
        set(scratch, anys, index, RAW_STR, copy);
    }

    /** {@code None}: what the result holds before the call, as the ABI asks. */
    public static void clear(Scratch scratch, long anys) {
        set(scratch, anys, 0, NONE, 0);
    }

    /**
     * The result's type index. Every reader asks for the library first: only a binding linked to
     * a vouched library has one, so no other code can make these read an object at an address
     * it wrote into its own scratch.
     */
    private static int type(Scratch scratch, long result, FfiLibrary library) {
        Objects.requireNonNull(library, "library");
        return (int) scratch.word(result, 0);
    }

    /**
     * The result as an integer of {@code bits} bits ({@code int64} on the wire): a value the Java
     * type cannot hold throws.
     */
    public static long toInt(Scratch scratch, long result, FfiLibrary library, String function,
            int bits) {
        int type = type(scratch, result, library);
        if (type != INT && type != BOOL) {
            throw mismatch(scratch, result, library, function, "int");
        }
        long value = scratch.word(result, 1);
        if (bits < Long.SIZE && (value >> (bits - 1)) != (value >> 63)) {
            throw PublicTypes.tvmFfiException(function, "TypeError", "the result " + value
                    + " does not fit the interface's " + bits + "-bit type", "");
        }
        return value;
    }

    /** The result as a floating-point number (an integer result is converted, as TVM does). */
    public static double toFloat(Scratch scratch, long result, FfiLibrary library,
            String function) {
        int type = type(scratch, result, library);
        if (type == INT) {
            return scratch.word(result, 1);
        }
        if (type != FLOAT) {
            throw mismatch(scratch, result, library, function, "float");
        }
        return Double.longBitsToDouble(scratch.word(result, 1));
    }

    /** The result as a boolean. */
    public static boolean toBool(Scratch scratch, long result, FfiLibrary library,
            String function) {
        int type = type(scratch, result, library);
        if (type != BOOL && type != INT) {
            throw mismatch(scratch, result, library, function, "bool");
        }
        return scratch.word(result, 1) != 0;
    }

    /** The result as an opaque pointer (a zero-length segment; {@code None} is NULL). */
    public static MemorySegment toPointer(Scratch scratch, long result, FfiLibrary library,
            String function) {
        int type = type(scratch, result, library);
        if (type == NONE) {
            return MemorySegment.NULL;
        }
        if (type != OPAQUE_PTR) {
            throw mismatch(scratch, result, library, function, "void*");
        }
        return MemorySegment.ofAddress(scratch.word(result, 1));
    }

    /** The result as a string: a small one held in the value itself, or a string object. */
    public static String toText(Scratch scratch, long result, FfiLibrary library,
            String function) {
        int type = type(scratch, result, library);
        if (type == SMALL_STR) {
            int length = (int) (scratch.word(result, 0) >>> 32);
            long bytes = scratch.word(result, 1);
            byte[] text = new byte[length];
            for (int i = 0; i < length; i++) {
                text[i] = (byte) (bytes >>> (8 * i));
            }
            return new String(text, StandardCharsets.UTF_8);
        }
        if (type != STR) {
            throw mismatch(scratch, result, library, function, "ffi.String");
        }
        long object = scratch.word(result, 1);
        try {
            return FfiLibrary.text(object + FfiLibrary.OBJECT_HEADER);
        } finally {
            library.release(object);
        }
    }

    /** No result ({@code None}); an object returned anyway is released. */
    public static void toVoid(Scratch scratch, long result, FfiLibrary library) {
        if (type(scratch, result, library) >= STATIC_OBJECT_BEGIN) {
            library.release(scratch.word(result, 1));
        }
    }

    /** A result of another type than the interface's: released, and said. */
    private static RuntimeException mismatch(Scratch scratch, long result, FfiLibrary library,
            String function, String expected) {
        int type = type(scratch, result, library);
        toVoid(scratch, result, library);
        return PublicTypes.tvmFfiException(function, "TypeError", "the interface expects "
                + expected + " but the function returned a value of type index " + type, "");
    }
}
