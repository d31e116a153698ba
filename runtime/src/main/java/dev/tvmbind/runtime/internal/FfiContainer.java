package dev.tvmbind.runtime.internal;

import dev.tvmbind.runtime.ffi.Tensor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A container type of a {@code @TvmFfi} method ({@code Optional<T>}, {@code List<T>} ↔
 * {@code ffi.Array}, {@code Map<K, V>} ↔ {@code ffi.Map}, nested), parsed once from how the binding writes it
 * ({@code Optional<List<Long>>}), and its values packed into and read from {@code TVMFFIAny}s.
 * Used by generated code; applications have no need of it.
 *
 * <p>A list goes as an array made by {@code ffi.Array} from its elements (strings and tensors as
 * objects: an array holds only values it owns); what the call made is released after it. A result
 * is read as borrowed (a tensor in it gets a reference of its own) and then released once.
 */
public final class FfiContainer {
    static final int ARRAY = 71;

    static final int MAP = 72;

    private final String kind;
    /** What it holds: a list's or an optional's element; a map's value. */
    private final FfiContainer element;
    /** A map's key; null otherwise. */
    private final FfiContainer key;

    /** A map iterator's answer to "next". */
    static final FfiContainer BOOLEAN = new FfiContainer("Boolean", null, null);

    private FfiContainer(String kind, FfiContainer key, FfiContainer element) {
        this.kind = kind;
        this.key = key;
        this.element = element;
    }

    /**
     * Parses a type as the binding writes it.
     *
     * @param type {@code Optional<Long>}, {@code List<List<String>>}
     * @return the container
     */
    public static FfiContainer of(String type) {
        int open = type.indexOf('<');
        if (open < 0) {
            return new FfiContainer(type, null, null);
        }
        String held = type.substring(open + 1, type.lastIndexOf('>'));
        int comma = topLevelComma(held);
        return comma < 0 ? new FfiContainer(type.substring(0, open), null, of(held))
                : new FfiContainer(type.substring(0, open), of(held.substring(0, comma)),
                        of(held.substring(comma + 1)));
    }

    /** Where {@code Map<K,V>}'s arguments part: the comma outside any {@code <>}; or -1. */
    static int topLevelComma(String held) {
        int depth = 0;
        for (int i = 0; i < held.length(); i++) {
            char c = held.charAt(i);
            depth += c == '<' ? 1 : c == '>' ? -1 : 0;
            if (c == ',' && depth == 0) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Writes {@code value} into value {@code index} of a call's frame, the memory it needs
     * taken from the call's scratch.
     *
     * @return the object made for the call, which the caller releases after it
     *     ({@link FfiValues#releaseMade}), or 0
     */
    public long set(Scratch scratch, int index, Object value, String parameter,
            FfiLibrary library, String function) {
        return set(scratch.memory.asSlice(16L * index, 16), value, scratch.objects, parameter,
                library, function);
    }

    /** Writes {@code value} into {@code any}, the memory it needs taken from {@code memory}. */
    long set(MemorySegment any, Object value, SegmentAllocator memory, String what,
            FfiLibrary library, String function) {
        Objects.requireNonNull(value, what);
        Objects.requireNonNull(library, "library");
        return pack(value, any, memory, library, function, what);
    }

    /** Whether packing a value needs memory beside its {@code TVMFFIAny}. */
    boolean allocates() {
        return switch (kind) {
            case "String", "List", "Map" -> true;
            case "Optional" -> element.allocates();
            default -> false;
        };
    }

    /** Whether it is a number or a boolean, or an optional one. */
    private boolean number() {
        return switch (kind) {
            case "String", "List", "Map", "Tensor", "MemorySegment" -> false;
            case "Optional" -> element.number();
            default -> true;
        };
    }

    /** Whether packing a value may make an object the caller releases. */
    private boolean makesObjects() {
        return switch (kind) {
            case "String", "List", "Map", "Tensor" -> true;
            case "Optional" -> element.makesObjects();
            default -> false;
        };
    }

    /** Packs {@code value} into {@code any}; returns the one object made, or 0. */
    private long pack(Object value, MemorySegment any, SegmentAllocator arena, FfiLibrary library,
            String function, String what) {
        any.set(ValueLayout.JAVA_LONG, 0, 0);
        any.set(ValueLayout.JAVA_LONG, 8, 0);
        switch (kind) {
            case "Optional" -> {
                Optional<?> optional = (Optional<?>) value;
                return optional.isEmpty() ? 0
                        : element.pack(optional.get(), any, arena, library, function, what);
            }
            case "List" -> {
                List<?> list = (List<?>) value;
                int size = list.size();
                MemorySegment values = arena.allocate(16L * Math.max(1, size), 8);
                // Only elements that may be objects need remembering (List<Long> has none).
                long[] elements = element.makesObjects() ? new long[size] : null;
                try {
                    for (int i = 0; i < size; i++) {
                        Object item = list.get(i);
                        if (item == null) {
                            throw new NullPointerException(what + "[" + i + "]");
                        }
                        // A number's packing cannot fail: no name made for it.
                        long made = element.pack(item, values.asSlice(16L * i, 16), arena,
                                library, function, element.number() ? what : what + "[" + i + "]");
                        if (elements != null) {
                            elements[i] = made;
                        }
                    }
                    long array = library.objects().make("ffi.Array", ARRAY, values, size,
                            arena, function);
                    word(any, ARRAY, array);
                    return array;
                } finally {
                    // The array took references of its own.
                    if (elements != null) {
                        for (long e : elements) {
                            FfiValues.releaseMade(library, e);
                        }
                    }
                }
            }
            case "Map" -> {
                Map<?, ?> map = (Map<?, ?>) value;
                MemorySegment values = arena.allocate(32L * Math.max(1, map.size()), 8);
                List<Long> made = new ArrayList<>();
                try {
                    int i = 0;
                    for (Map.Entry<?, ?> entry : map.entrySet()) {
                        String at = what + "[" + entry.getKey() + "]";
                        made.add(key.pack(Objects.requireNonNull(entry.getKey(), what + " key"),
                                values.asSlice(32L * i, 16), arena, library, function, at));
                        made.add(element.pack(Objects.requireNonNull(entry.getValue(), at),
                                values.asSlice(32L * i + 16, 16), arena, library, function, at));
                        i++;
                    }
                    long object = library.objects().make("ffi.Map", MAP, values, 2 * map.size(),
                            arena, function);
                    word(any, MAP, object);
                    return object;
                } finally {
                    made.forEach(e -> FfiValues.releaseMade(library, e));
                }
            }
            case "String" -> {
                return library.objects().string((String) value, any, arena, function);
            }
            case "Tensor" -> {
                Tensor tensor = (Tensor) value;
                long dlTensor = PublicTypes.dlTensorAddress(tensor, what);
                long own = PublicTypes.tensorObject(tensor);
                // A container holds objects only: a tensor made in Java becomes one.
                long made = own == 0 ? FfiTensors.newObject(dlTensor, library, function) : 0;
                word(any, FfiValues.TENSOR, own == 0 ? made : own);
                return made;
            }
            case "MemorySegment" -> {
                MemorySegment segment = (MemorySegment) value;
                Arguments.checkSegment(segment, what);
                word(any, segment.address() == 0 ? FfiValues.NONE : FfiValues.OPAQUE_PTR,
                        segment.address());
                return 0;
            }
            case "Boolean" -> word(any, FfiValues.BOOL, (Boolean) value ? 1 : 0);
            case "Double", "Float" -> word(any, FfiValues.FLOAT,
                    Double.doubleToRawLongBits(((Number) value).doubleValue()));
            default -> word(any, FfiValues.INT, ((Number) value).longValue());
        }
        return 0;
    }

    static void word(MemorySegment any, int type, long value) {
        any.set(ValueLayout.JAVA_LONG, 0, type & 0xffff_ffffL);
        any.set(ValueLayout.JAVA_LONG, 8, value);
    }

    /**
     * Reads the result, value {@code index} of a call's frame, and releases it.
     *
     * @return the Java value: an {@code Optional}, an unmodifiable {@code List}, …
     */
    public Object read(MemorySegment frame, int index, FfiLibrary library, String function) {
        Objects.requireNonNull(library, "library");
        MemorySegment any = frame.asSlice(16L * index, 16);
        try {
            return unpack(any, library, function);
        } finally {
            if (any.get(ValueLayout.JAVA_INT, 0) >= FfiValues.STATIC_OBJECT_BEGIN) {
                library.release(any.get(ValueLayout.JAVA_LONG, 8));
            }
        }
    }

    /** The Java value of a borrowed {@code any}: a tensor in it takes a reference of its own. */
    @SuppressWarnings("restricted")
    Object unpack(MemorySegment any, FfiLibrary library, String function) {
        int type = any.get(ValueLayout.JAVA_INT, 0);
        long value = any.get(ValueLayout.JAVA_LONG, 8);
        switch (kind) {
            case "Optional" -> {
                return type == FfiValues.NONE ? Optional.empty()
                        : Optional.of(element.unpack(any, library, function));
            }
            case "List" -> {
                expect(type == ARRAY, type, function);
                MemorySegment cell = MemorySegment.ofAddress(value + FfiLibrary.OBJECT_HEADER)
                        .reinterpret(16);
                long size = cell.get(ValueLayout.JAVA_LONG, 8);
                MemorySegment values = MemorySegment.ofAddress(cell.get(ValueLayout.JAVA_LONG, 0))
                        .reinterpret(16 * size);
                List<Object> list = new ArrayList<>();
                for (long i = 0; i < size; i++) {
                    list.add(element.unpack(values.asSlice(16 * i, 16), library, function));
                }
                return List.copyOf(list);
            }
            case "Map" -> {
                expect(type == MAP, type, function);
                return library.objects().readMap(value, key, element, function);
            }
            case "String" -> {
                expect(type == FfiValues.SMALL_STR || type == FfiValues.STR, type, function);
                return FfiValues.text(any, 0);
            }
            case "Tensor" -> {
                expect(type == FfiValues.TENSOR, type, function);
                return FfiTensors.fromObject(library.objects().incRef(value), library, function);
            }
            case "MemorySegment" -> {
                expect(type == FfiValues.NONE || type == FfiValues.OPAQUE_PTR, type, function);
                return MemorySegment.ofAddress(type == FfiValues.NONE ? 0 : value);
            }
            case "Boolean" -> {
                expect(type == FfiValues.BOOL || type == FfiValues.INT, type, function);
                return value != 0;
            }
            case "Double", "Float" -> {
                expect(type == FfiValues.FLOAT || type == FfiValues.INT, type, function);
                double number = type == FfiValues.INT ? value : Double.longBitsToDouble(value);
                return kind.equals("Float") ? (Object) (float) number : (Object) number;
            }
            default -> {
                expect(type == FfiValues.INT || type == FfiValues.BOOL, type, function);
                return switch (kind) {
                    case "Integer" -> (int) FfiValues.fits(value, 32, function);
                    case "Short" -> (short) FfiValues.fits(value, 16, function);
                    case "Byte" -> (byte) FfiValues.fits(value, 8, function);
                    default -> value;
                };
            }
        }
    }

    private void expect(boolean holds, int type, String function) {
        if (!holds) {
            throw PublicTypes.tvmFfiException(function, "TypeError", "the interface expects "
                    + this + " but the function returned " + FfiTypeNames.of(type), "");
        }
    }

    @Override
    public String toString() {
        return element == null ? kind
                : kind + "<" + (key == null ? "" : key + ",") + element + ">";
    }
}
