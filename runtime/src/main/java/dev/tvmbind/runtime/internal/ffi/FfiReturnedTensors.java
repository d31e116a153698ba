package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.runtime.ffi.DLDataType;
import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.internal.shared.PublicTypes;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * Reads the {@code DLTensor} of an {@code ffi.Tensor} object a function returned into a
 * {@link Tensor} that owns the object.
 *
 * <p>Why fast readers beside the general one (any strides and data type, every product checked
 * for overflow): with it alone a returned tensor cost 3 to 4 ns more (59 against 55.5 ns for a
 * call whose FFM part takes 35, measured). They read the common tensors, a vector or a contiguous
 * tensor of a scalar type far from overflow; whatever they doubt goes to the general reader.
 *
 * <p>Layout (64-bit): an {@code ffi.Tensor} object is the object header followed by its
 * {@code DLTensor}: {@code {void* data; int32 device_type, device_id; int32 ndim; uint8 code,
 * bits; uint16 lanes; int64* shape; int64* strides; uint64 byte_offset}}.
 */
final class FfiReturnedTensors {
    private FfiReturnedTensors() {}

    /** Device types whose memory the CPU reads: CPU, CUDA host, ROCm host. */
    private static final int CPU = 1;
    private static final int CUDA_HOST = 3;
    private static final int ROCM_HOST = 11;
    /** int, uint and float (DLPack's codes 0 to 2) of 8 to 64 bits, one lane. */
    private static final int FLOAT = 2;
    private static final DLDataType[] SCALARS = new DLDataType[12];
    /** More dimensions than any tensor has: a DLTensor claiming more is not read. */
    static final int MAX_DIMENSIONS = 64;
    /**
     * The fast paths' bounds: dimensions and partial products below 2^31 keep every product
     * below 2^62, and an element count below 2^40 its bytes at 8 a scalar.
     */
    private static final int FAST_SHIFT = 31;
    private static final int FAST_ELEMENTS_SHIFT = 40;
    /** Reads a returned DLTensor's fields where they are, without a segment for each. */
    private static final MemorySegment EVERYWHERE = FfiValues.EVERYWHERE;
    /**
     * A DLTensor's fields are aligned by C: read without the alignment test of an aligned layout
     * (a test per field of a call that reads a dozen).
     */
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    /** {@code code, bits, lanes}: one read, its bytes in this order whatever the platform's. */
    private static final ValueLayout.OfInt TYPE =
            ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    static {
        for (int code = 0; code <= FLOAT; code++) {
            for (int width = 0; width < 4; width++) {
                DLDataType type = new DLDataType(code, 8 << width, 1);
                // DType's own instance where there is one: a declared check compares identities.
                SCALARS[code * 4 + width] = type.dtype().map(DLDataType::of).orElse(type);
            }
        }
    }

    /**
     * The tensor of an {@code ffi.Tensor} object a function returned, which it then owns.
     *
     * <p>One method for the three readers, on purpose: past C2's {@code FreqInlineSize} (325
     * bytes of bytecode), it is never inlined into the generated call. Inlined (when the call
     * was compiled before it), it pushed the caller past C2's node budget, and the caller's
     * {@code uncheckedData()} and {@code close()} were then not inlined: 62 to 75 ns instead of
     * 53 in 1 to 5 forks of 16 (measured).
     *
     * @param object the object, whose one reference passes to the tensor
     * @param library the runtime that releases it
     * @param function the symbol called, for errors
     */
    static Tensor fromObject(long object, FfiLibrary library, String function) {
        long dl = object + FfiLibrary.OBJECT_HEADER;
        int ndim = EVERYWHERE.get(INT, dl + 16);
        DLDataType type = scalar(EVERYWHERE.get(TYPE, dl + 20));
        long shapeAt = EVERYWHERE.get(LONG, dl + 24);
        long stridesAt = EVERYWHERE.get(LONG, dl + 32);
        if (type != null && shapeAt != 0 && ndim == 1) {
            // A vector, the most common result, read without a loop or an array of a length
            // known only at run time: 1.5 to 2 ns less than the loop below (measured).
            long length = EVERYWHERE.get(LONG, shapeAt);
            if (length >>> FAST_SHIFT == 0
                    && (stridesAt == 0 || EVERYWHERE.get(LONG, stridesAt) == 1)) {
                return tensor(object, type, new long[] {length}, length * (type.bits() >>> 3),
                        library);
            }
        } else if (type != null && shapeAt != 0 && ndim > 1 && ndim <= MAX_DIMENSIONS) {
            // Contiguous: each stride, where there are strides (tvm-ffi writes them for the
            // tensors it makes), the product of the dimensions after it.
            long[] shape = new long[ndim];
            long elements = 1;
            int i = ndim - 1;
            for (; i >= 0; i--) {
                long dimension = EVERYWHERE.get(LONG, shapeAt + 8L * i);
                boolean strided = stridesAt != 0
                        && EVERYWHERE.get(LONG, stridesAt + 8L * i) != elements;
                if (strided || (elements | dimension) >>> FAST_SHIFT != 0) { // negative, large
                    break;
                }
                shape[i] = dimension;
                elements *= dimension;
            }
            if (i < 0 && elements >>> FAST_ELEMENTS_SHIFT == 0) {
                return tensor(object, type, shape, elements * (type.bits() >>> 3), library);
            }
        }
        // Any other: strided, of another data type, or near overflow, every product checked.
        try {
            if (ndim < 0 || ndim > MAX_DIMENSIONS) {
                throw new IllegalArgumentException(ndim + " dimensions");
            }
            DLDataType anyType = dataType(EVERYWHERE.get(TYPE, dl + 20));
            long[] shape = read(shapeAt, ndim);
            return tensor(object, anyType, shape, anyType.bytes(extent(shape, stridesAt)),
                    library);
        } catch (IllegalArgumentException | ArithmeticException e) {
            library.release(object);
            throw PublicTypes.tvmFfiException(function, "TypeError", "the function returned a"
                    + " tensor tvmbind cannot read: " + e.getMessage(), "");
        }
    }

    /** The tensor over the object's data, its {@code bytes} from the first element on. */
    private static Tensor tensor(long object, DLDataType type, long[] shape, long bytes,
            FfiLibrary library) {
        long dl = object + FfiLibrary.OBJECT_HEADER;
        int device = EVERYWHERE.get(INT, dl + 8);
        return PublicTypes.returnedTensor(type, shape, dl, device, EVERYWHERE.get(INT, dl + 12),
                object, device == CPU || device == CUDA_HOST || device == ROCM_HOST,
                EVERYWHERE.get(LONG, dl) + EVERYWHERE.get(LONG, dl + 40), bytes,
                library.retainer, library.releaser);
    }

    /**
     * The data type of the {@code DLTensor} at {@code at} in {@code memory} (code, bits, lanes at
     * bytes 20 to 23).
     *
     * @throws IllegalArgumentException for zero bits or lanes
     */
    static DLDataType dataType(MemorySegment memory, long at) {
        return dataType(memory.get(TYPE, at + 20));
    }

    /** The data type of {@code code | bits << 8 | lanes << 16}, as a DLTensor holds it. */
    private static DLDataType dataType(int packed) {
        DLDataType scalar = scalar(packed);
        return scalar != null ? scalar
                : new DLDataType(packed & 0xff, (packed >>> 8) & 0xff, packed >>> 16);
    }

    /** The scalar integer or float type of {@code packed}, made once; null for any other. */
    private static DLDataType scalar(int packed) {
        int code = packed & 0xff;
        int bits = (packed >>> 8) & 0xff;
        int width = Integer.numberOfTrailingZeros(bits) - 3;
        if (packed >>> 16 == 1 && code <= FLOAT && Integer.bitCount(bits) == 1 && width >= 0
                && width < 4) {
            return SCALARS[code * 4 + width];
        }
        return null;
    }

    /** {@code ndim} longs at {@code address}; null for a NULL address. */
    static long[] read(long address, int ndim) {
        if (ndim != 0 && address == 0) {
            return null;
        }
        long[] values = new long[ndim];
        for (int i = 0; i < ndim; i++) {
            values[i] = EVERYWHERE.get(LONG, address + 8L * i);
        }
        return values;
    }

    /**
     * The elements from the first to the last one a tensor reaches, both included: its strides
     * read where they are, without copying them (NULL strides: contiguous).
     */
    static long extent(long[] shape, long stridesAt) {
        if (shape == null) {
            throw new IllegalArgumentException("no shape");
        }
        long last = 0;
        long contiguous = 1;
        for (int i = shape.length - 1; i >= 0; i--) {
            if (shape[i] < 0) {
                throw new IllegalArgumentException("a negative dimension");
            }
            if (shape[i] == 0) {
                return 0;
            }
            long stride = stridesAt == 0 ? contiguous
                    : EVERYWHERE.get(LONG, stridesAt + 8L * i);
            if (stride < 0) {
                throw new IllegalArgumentException("a negative stride");
            }
            last = Math.addExact(last, Math.multiplyExact(shape[i] - 1, stride));
            contiguous = Math.multiplyExact(contiguous, shape[i]);
        }
        return last + 1;
    }
}
