package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.contract.FfiType;
import dev.tvmbind.runtime.ffi.DLDataType;
import dev.tvmbind.runtime.ffi.DLDevice;
import dev.tvmbind.runtime.ffi.FfiObject;
import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.internal.shared.PublicTypes;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Values whose type is decided at run time: {@code Object} ↔ tvm-ffi's {@code Any} (a Java
 * value's class picks the type it is passed as; a returned value's type index picks the Java
 * type), and {@link FfiObject} ↔ any object tvmbind has no Java type for.
 */
final class FfiAnyValues {
    private FfiAnyValues() {}

    private static final FfiContainer LIST = FfiContainer.of(FfiType.listOf(FfiType.Plain.ANY));
    private static final FfiContainer MAP = FfiContainer.of(FfiType.mapOf(FfiType.Plain.ANY,
            FfiType.Plain.ANY));
    /** Each plain type's converter, made once. */
    private static final Map<FfiType.Plain, FfiContainer> PLAIN = new EnumMap<>(
            FfiType.Plain.class);
    /** The converter each type index a value may hold is read with (no DLTensor*, no raw text). */
    private static final Map<Integer, FfiContainer> BY_INDEX = new HashMap<>();

    static {
        for (FfiType.Plain plain : FfiType.Plain.values()) {
            if (plain != FfiType.Plain.VOID) {
                PLAIN.put(plain, FfiContainer.of(plain));
            }
        }
        // The first plain type of an index reads it (long for int, double for float, …).
        for (FfiType.Plain plain : FfiType.Plain.values()) {
            if (plain.typeIndex() >= 0 && plain.typeIndex() != FfiTypeIndex.DL_TENSOR_PTR
                    && plain != FfiType.Plain.VOID) {
                BY_INDEX.putIfAbsent(plain.typeIndex(), PLAIN.get(plain));
            }
        }
        BY_INDEX.put(FfiTypeIndex.SMALL_STR, PLAIN.get(FfiType.Plain.STRING));
        BY_INDEX.put(FfiTypeIndex.SMALL_BYTES, PLAIN.get(FfiType.Plain.BYTES));
        BY_INDEX.put(FfiTypeIndex.TENSOR, PLAIN.get(FfiType.Plain.TENSOR));
        BY_INDEX.put(FfiContainer.ARRAY, LIST);
        BY_INDEX.put(FfiContainer.LIST, LIST);
        BY_INDEX.put(FfiContainer.MAP, MAP);
        BY_INDEX.put(FfiContainer.DICT, MAP);
    }


    /**
     * Packs a Java value as the tvm-ffi type its class maps: {@code null} None, boxed numbers
     * {@code int} or {@code float}, a {@code List} an {@code ffi.Array} of Any, …
     *
     * @return the object made for the call, which the caller releases; or 0
     */
    static long pack(Object value, MemorySegment any, SegmentAllocator arena, FfiLibrary library,
            String function, String what) {
        FfiType.Plain type = switch (value) {
            case null -> null;
            case Long l -> FfiType.Plain.LONG;
            case Integer i -> FfiType.Plain.LONG;
            case Short s -> FfiType.Plain.LONG;
            case Byte b -> FfiType.Plain.LONG;
            case Double d -> FfiType.Plain.DOUBLE;
            case Float f -> FfiType.Plain.DOUBLE;
            case Boolean b -> FfiType.Plain.BOOLEAN;
            case String s -> FfiType.Plain.STRING;
            case BigInteger b -> FfiType.Plain.BIG_INTEGER;
            case byte[] b -> FfiType.Plain.BYTES;
            case long[] s -> FfiType.Plain.SHAPE;
            case DLDevice d -> FfiType.Plain.DEVICE;
            case DLDataType d -> FfiType.Plain.DATA_TYPE;
            case Tensor t -> FfiType.Plain.TENSOR;
            case MemorySegment m -> FfiType.Plain.POINTER;
            case FfiObject o -> FfiType.Plain.OBJECT;
            case List<?> l -> null;
            case Map<?, ?> m -> null;
            default -> throw new IllegalArgumentException(what + " is a "
                    + value.getClass().getName() + ", which no type of tvm-ffi maps (Any takes"
                    + " null, numbers, booleans, strings, BigInteger, byte[], long[], DLDevice,"
                    + " DLDataType, Tensor, MemorySegment, FfiObject, List and Map of those)");
        };
        if (value == null) {
            FfiWords.word(any, FfiTypeIndex.NONE, 0);
            return 0;
        }
        FfiContainer converter = type != null ? PLAIN.get(type)
                : value instanceof List<?> ? LIST : MAP;
        return converter.set(any, value, arena, what, library, function);
    }

    /** Passes an object as itself, with a reference of its own for the call. */
    static long packObject(FfiObject object, MemorySegment any, FfiLibrary library,
            String what) {
        long handle = PublicTypes.retain(object, library.objects()::incRef, what);
        FfiWords.word(any, object.typeIndex(), handle);
        return handle;
    }

    /** The Java value of a borrowed {@code any}, by its type index. */
    static Object unpack(MemorySegment any, FfiLibrary library, String function) {
        int type = any.get(ValueLayout.JAVA_INT, 0);
        if (type == FfiTypeIndex.NONE) {
            return null;
        }
        FfiContainer converter = BY_INDEX.get(type);
        if (converter == null && type < FfiTypeIndex.STATIC_OBJECT_BEGIN) {
            throw PublicTypes.tvmFfiException(function, "TypeError", "the function returned "
                    + FfiTypeNames.of(type, library) + ", which no Java type holds", "");
        }
        // An object without a Java type of its own is an FfiObject.
        return (converter != null ? converter : PLAIN.get(FfiType.Plain.OBJECT)).unpack(any,
                library, function);
    }

    /**
     * Reads an object as an {@link FfiObject} (an {@code FfiModule} for a module), which takes a
     * reference of its own.
     */
    @SuppressWarnings("restricted")
    static FfiObject unpackObject(MemorySegment any, FfiLibrary library, String function) {
        int type = any.get(ValueLayout.JAVA_INT, 0);
        long object = any.get(ValueLayout.JAVA_LONG, 8);
        String key = FfiTypeNames.key(type, library).orElse("type index " + type);
        library.objects().incRef(object);
        // A module is one whatever the method declared: FfiModule is an FfiObject.
        return type == FfiType.Plain.MODULE.typeIndex()
                ? PublicTypes.ffiModule(object, type, key, () -> library.release(object))
                : PublicTypes.ffiObject(object, type, key, () -> library.release(object));
    }
}
