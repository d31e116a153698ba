package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.contract.FfiType;
import dev.tvmbind.runtime.ffi.DLDataType;
import dev.tvmbind.runtime.ffi.DLDevice;
import dev.tvmbind.runtime.ffi.FfiObject;
import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.internal.Arguments;
import dev.tvmbind.runtime.internal.shared.PublicTypes;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.util.EnumSet;
import java.util.Set;

/**
 * The values of {@link FfiType.Plain} types inside containers and callbacks, packed into and read
 * from {@code TVMFFIAny}s: {@link FfiContainer}'s leaves. A method's own arguments and result of
 * these types go through {@code FfiValues}, written out by generated code.
 */
final class FfiPlainValues {
    private FfiPlainValues() {}

    /** {@code kTVMFFIShape}. */
    private static final int SHAPE = FfiType.Plain.SHAPE.typeIndex();
    private static final int BYTES = FfiType.Plain.BYTES.typeIndex();
    private static final int DEVICE = FfiType.Plain.DEVICE.typeIndex();
    private static final int DATA_TYPE = FfiType.Plain.DATA_TYPE.typeIndex();

    /**
     * What values of {@code type} need of tvm-ffi's C API wherever they appear; what only some
     * values need (a {@code long} result that arrives as a fitting BigInt) stays optional.
     */
    static Set<FfiCApi.Function> needs(FfiType.Plain type) {
        return switch (type) {
            case STRING -> EnumSet.of(FfiCApi.Function.STRING_FROM_BYTE_ARRAY);
            case TENSOR, OWNED_TENSOR -> EnumSet.of(FfiCApi.Function.OBJECT_INC_REF,
                    FfiCApi.Function.TENSOR_FROM_DLPACK_VERSIONED);
            case BIG_INTEGER -> EnumSet.of(FfiCApi.Function.BIG_INT_FROM_BYTE_ARRAY,
                    FfiCApi.Function.BIG_INT_GET_CONTENT_BYTE_ARRAY);
            case BYTES -> EnumSet.of(FfiCApi.Function.BYTES_FROM_BYTE_ARRAY);
            case SHAPE -> EnumSet.of(FfiCApi.Function.FUNCTION_GET_GLOBAL);
            case ANY, MODULE, OBJECT -> EnumSet.of(FfiCApi.Function.OBJECT_INC_REF,
                    FfiCApi.Function.GET_TYPE_INFO);
            case LONG, INT, SHORT, BYTE, DOUBLE, FLOAT, BOOLEAN, POINTER, DEVICE, DATA_TYPE, VOID ->
                    EnumSet.noneOf(FfiCApi.Function.class);
        };
    }

    /**
     * Packs a value of a plain type that is not a number into the {@code TVMFFIAny} at {@code at}
     * in {@code base} (numbers and bools the container writes itself: {@link FfiWords#bits});
     * returns the object made for it, or 0. What makes an object works on a slice of its own.
     */
    static long pack(FfiType.Plain type, Object value, MemorySegment base, long at,
            SegmentAllocator arena, FfiLibrary library, String function, String what) {
        return pack(type, value, base.asSlice(at, 16), arena, library, function, what);
    }

    /** As above, into {@code any}. */
    private static long pack(FfiType.Plain type, Object value, MemorySegment any,
            SegmentAllocator arena, FfiLibrary library, String function, String what) {
        switch (type) {
            case STRING -> {
                return library.objects().string((String) value, any, arena, function);
            }
            case TENSOR, OWNED_TENSOR -> {
                Tensor tensor = (Tensor) value;
                long dlTensor = PublicTypes.dlTensorAddress(tensor, what);
                long own = PublicTypes.tensorObject(tensor);
                // A container holds objects only: a tensor made in Java becomes one.
                long made = own == 0 ? FfiTensors.newObject(dlTensor, library, function) : 0;
                FfiWords.word(any, FfiTypeIndex.TENSOR, own == 0 ? made : own);
                return made;
            }
            case POINTER -> {
                MemorySegment segment = (MemorySegment) value;
                Arguments.checkSegment(segment, what);
                FfiWords.word(any, segment.address() == 0 ? FfiTypeIndex.NONE
                        : FfiTypeIndex.OPAQUE_PTR, segment.address());
                return 0;
            }
            case SHAPE -> {
                long[] dims = (long[]) value;
                MemorySegment values = arena.allocate(16L * Math.max(1, dims.length), 8);
                for (int i = 0; i < dims.length; i++) {
                    FfiWords.word(values, 16L * i, FfiTypeIndex.INT, dims[i]);
                }
                return library.objects().make("ffi.Shape", SHAPE, values.address(), dims.length,
                        any, 0, function);
            }
            case ANY -> {
                return FfiAnyValues.pack(value, any, arena, library, function, what);
            }
            case OBJECT, MODULE -> {
                return FfiAnyValues.packObject((FfiObject) value, any, library, what);
            }
            case BIG_INTEGER -> {
                return FfiBigInts.pack((BigInteger) value, any, arena, library, function);
            }
            case BYTES -> {
                // Small bytes inline, or an ffi.Bytes object.
                return library.cApi().fromBytes(FfiCApi.Function.BYTES_FROM_BYTE_ARRAY,
                        (byte[]) value, any, arena, library, function);
            }
            case DEVICE -> {
                DLDevice device = (DLDevice) value;
                FfiWords.word(any, DEVICE, (device.type() & 0xffff_ffffL)
                        | (long) device.id() << 32);
            }
            case DATA_TYPE -> {
                DLDataType dtype = (DLDataType) value;
                FfiWords.word(any, DATA_TYPE, dtype.code() | dtype.bits() << 8
                        | (long) dtype.lanes() << 16);
            }
            default -> throw new IllegalArgumentException(type + " is no value");
        }
        return 0;
    }

    /** The Java value of a borrowed {@code any} of a plain type: a tensor gets a reference. */
    @SuppressWarnings("restricted")
    static Object unpack(FfiType.Plain plain, int type, long value, MemorySegment any,
            FfiLibrary library, String function) {
        switch (plain) {
            case STRING -> {
                expect(plain, type == FfiTypeIndex.SMALL_STR || type == FfiTypeIndex.STR, type,
                        function);
                return FfiValues.text(any, 0);
            }
            case TENSOR, OWNED_TENSOR -> {
                expect(plain, type == FfiTypeIndex.TENSOR, type, function);
                return FfiReturnedTensors.fromObject(library.objects().incRef(value), library,
                        function);
            }
            case POINTER -> {
                expect(plain, type == FfiTypeIndex.NONE || type == FfiTypeIndex.OPAQUE_PTR, type,
                        function);
                return MemorySegment.ofAddress(type == FfiTypeIndex.NONE ? 0 : value);
            }
            case SHAPE -> {
                expect(plain, type == SHAPE, type, function);
                // TVMFFIShapeCell, c_api.h: {const int64_t* data; size_t size} after the header.
                MemorySegment cell = MemorySegment.ofAddress(value + FfiLibrary.OBJECT_HEADER)
                        .reinterpret(16);
                long size = cell.get(ValueLayout.JAVA_LONG, 8);
                return MemorySegment.ofAddress(cell.get(ValueLayout.JAVA_LONG, 0))
                        .reinterpret(8 * size).toArray(ValueLayout.JAVA_LONG);
            }
            case ANY -> {
                return FfiAnyValues.unpack(any, library, function);
            }
            case OBJECT -> {
                expect(plain, type >= FfiTypeIndex.STATIC_OBJECT_BEGIN, type, function);
                return FfiAnyValues.unpackObject(any, library, function);
            }
            case MODULE -> {
                expect(plain, type == plain.typeIndex(), type, function);
                return FfiAnyValues.unpackObject(any, library, function);
            }
            case BIG_INTEGER -> {
                expect(plain, type == FfiTypeIndex.INT || type == FfiBigInts.TYPE, type, function);
                return FfiBigInts.read(any, library, function);
            }
            case BYTES -> {
                expect(plain, type == FfiTypeIndex.SMALL_BYTES || type == BYTES, type, function);
                return type == FfiTypeIndex.SMALL_BYTES
                        ? any.asSlice(8, any.get(ValueLayout.JAVA_INT, 4))
                                .toArray(ValueLayout.JAVA_BYTE)
                        : FfiByteArrays.bytes(value + FfiLibrary.OBJECT_HEADER);
            }
            case DEVICE -> {
                expect(plain, type == DEVICE, type, function);
                return new DLDevice((int) value, (int) (value >>> 32));
            }
            case DATA_TYPE -> {
                expect(plain, type == DATA_TYPE, type, function);
                return new DLDataType((int) value & 0xff, (int) (value >>> 8) & 0xff,
                        (int) (value >>> 16) & 0xffff);
            }
            case BOOLEAN -> {
                expect(plain, type == FfiTypeIndex.BOOL || type == FfiTypeIndex.INT, type, function);
                return value != 0;
            }
            case DOUBLE, FLOAT -> {
                expect(plain, type == FfiTypeIndex.FLOAT || type == FfiTypeIndex.INT, type, function);
                double number = type == FfiTypeIndex.INT ? value : Double.longBitsToDouble(value);
                return plain == FfiType.Plain.FLOAT ? (Object) (float) number : (Object) number;
            }
            case LONG, INT, SHORT, BYTE -> {
                expect(plain, type == FfiTypeIndex.INT || type == FfiTypeIndex.BOOL
                        || type == FfiBigInts.TYPE, type, function);
                long fits = type == FfiBigInts.TYPE ? FfiBigInts.fitting(any, library, function,
                        plain.bits()) : FfiValues.fits(value, plain.bits(), function);
                return switch (plain) {
                    case INT -> (int) fits;
                    case SHORT -> (short) fits;
                    case BYTE -> (byte) fits;
                    default -> fits;
                };
            }
            default -> throw new IllegalArgumentException(plain + " is no value");
        }
    }

    /** Refuses a value the function returned of another type than the interface expects. */
    static void expect(FfiType expected, boolean holds, int type, String function) {
        if (!holds) {
            throw PublicTypes.tvmFfiException(function, "TypeError", "the interface expects "
                    + expected.boxedName() + " but the function returned "
                    + FfiTypeNames.of(type), "");
        }
    }
}
