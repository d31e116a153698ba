package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.contract.FfiType;
import dev.tvmbind.runtime.internal.Scratch;
import dev.tvmbind.runtime.internal.shared.InternalAccess;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The converter of a type of a {@code @TvmFfi} method that generated code does not pack itself
 * ({@code Optional<T>}, {@code List<T>} ↔ {@code ffi.Array}, {@code Map<K, V>} ↔ {@code ffi.Map},
 * nested), made once from the {@link FfiType} the binding states: its values packed into and read
 * from {@code TVMFFIAny}s. Used by generated code; applications have no need of it.
 *
 * <p>A list goes as an array made by {@code ffi.Array} from its elements (strings and tensors as
 * objects: an array holds only values it owns); what the call made is released after it. A result
 * is read as borrowed (a tensor in it gets a reference of its own) and then released once.
 */
public final class FfiContainer {
    /** The package-private side of the runtime this package may use. */
    private static final InternalAccess.Internals ACCESS = InternalAccess.get();
    static final int ARRAY = 71;
    static final int MAP = 72;
    static final int LIST = 75;
    static final int DICT = 76;

    private final FfiType type;
    /** What it holds: a list's or an optional's element; a map's value. */
    private final FfiContainer element;
    /** A map's key; null otherwise. */
    private final FfiContainer key;
    /**
     * What packing needs to know, decided once: asked per element of every call, a switch over the
     * type each time cost more than the element's own packing.
     */
    private final boolean allocates;
    private final boolean makesObjects;
    /**
     * A plain number's type index ({@code INT}, {@code BOOL}, {@code FLOAT}), else -1: a list of
     * numbers is packed in one loop, not a call an element.
     */
    private final int numberIndex;

    /** A map iterator's answer to "next". */
    static final FfiContainer BOOLEAN = of(FfiType.Plain.BOOLEAN);

    private FfiContainer(FfiType type, FfiContainer key, FfiContainer element) {
        this.type = type;
        this.key = key;
        this.element = element;
        this.allocates = switch (type) {
            case FfiType.OptionalOf o -> element.allocates;
            // An object of a plain type is made from values in the call's memory.
            case FfiType.Plain p -> p == FfiType.Plain.ANY
                    || p.typeIndex() >= FfiTypeIndex.STATIC_OBJECT_BEGIN;
            default -> true;
        };
        this.makesObjects = switch (type) {
            case FfiType.OptionalOf o -> element.makesObjects;
            case FfiType.Plain p -> p == FfiType.Plain.TENSOR || p == FfiType.Plain.ANY
                    || p.typeIndex() >= FfiTypeIndex.STATIC_OBJECT_BEGIN;
            default -> true;
        };
        this.numberIndex = type instanceof FfiType.Plain p && p.typeIndex() >= FfiTypeIndex.INT
                && p.typeIndex() <= FfiTypeIndex.FLOAT ? p.typeIndex() : -1;
    }

    /**
     * The converter of a type the binding states.
     *
     * @param type {@code FfiType.optionalOf(FfiType.Plain.LONG)}, …
     * @return the converter
     */
    public static FfiContainer of(FfiType type) {
        return switch (type) {
            case FfiType.OptionalOf o -> new FfiContainer(type, null, of(o.element()));
            case FfiType.ListOf l -> new FfiContainer(type, null, of(l.element()));
            case FfiType.MapOf m -> new FfiContainer(type, of(m.key()), of(m.value()));
            case FfiType.Plain p when p != FfiType.Plain.VOID -> new FfiContainer(type, null,
                    null);
            default -> throw new IllegalArgumentException(type + " is no value a container"
                    + " holds");
        };
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
        return set(ACCESS.memory(scratch), 16L * index, value, ACCESS.objects(scratch),
                parameter, library, function);
    }

    /** Writes {@code value} into {@code any}, the memory it needs taken from {@code memory}. */
    long set(MemorySegment any, Object value, SegmentAllocator memory, String what,
            FfiLibrary library, String function) {
        return set(any, 0, value, memory, what, library, function);
    }

    /** As the method above, into the value at {@code at} in {@code base}. */
    long set(MemorySegment base, long at, Object value, SegmentAllocator memory,
            String what, FfiLibrary library, String function) {
        if (type != FfiType.Plain.ANY) {
            Objects.requireNonNull(value, what);
        }
        Objects.requireNonNull(library, "library");
        // A list straight to its own method, small enough to inline into the call (an optional
        // number argument is written by generated code itself: FfiOptionals).
        if (type instanceof FfiType.ListOf) {
            FfiWords.word(base, at, FfiTypeIndex.NONE, 0);
            return packList((List<?>) value, base, at, memory, library, function, what);
        }
        return pack(value, base, at, memory, library, function, what);
    }

    /** Whether packing a value needs memory beside its {@code TVMFFIAny}. */
    boolean allocates() {
        return allocates;
    }

    /**
     * Packs {@code value} into the {@code TVMFFIAny} at {@code at} in {@code base}; returns the
     * one object made, or 0. Values are written at offsets, never through slices: a call of
     * numbers and containers of numbers allocates nothing on the Java heap. One small method a
     * kind, so that the JIT inlines the kind a call uses (one method for all was too big to).
     */
    private long pack(Object value, MemorySegment base, long at, SegmentAllocator arena,
            FfiLibrary library, String function, String what) {
        if (numberIndex >= 0) {
            FfiWords.word(base, at, numberIndex, FfiWords.bits(numberIndex, value));
            return 0;
        }
        FfiWords.word(base, at, FfiTypeIndex.NONE, 0);
        return switch (type) {
            case FfiType.OptionalOf o -> {
                Optional<?> optional = (Optional<?>) value;
                yield optional.isEmpty() ? 0
                        : element.pack(optional.get(), base, at, arena, library, function, what);
            }
            case FfiType.ListOf l -> packList((List<?>) value, base, at, arena, library, function,
                    what);
            case FfiType.MapOf m -> library.objects().makeMap((Map<?, ?>) value, key, element,
                    base, at, arena, function, what);
            case FfiType.Plain p -> FfiPlainValues.pack(p, value, base, at, arena, library,
                    function, what);
            case FfiType.Callback c -> throw new IllegalArgumentException(c
                    + " is passed by its FfiCallback");
        };
    }

    /** A list as an {@code ffi.Array} made from its elements. */
    private long packList(List<?> list, MemorySegment base, long at, SegmentAllocator arena,
            FfiLibrary library, String function, String what) {
        int size = list.size();
        // The values at an offset of the call's memory (no slice made), else a segment.
        long bytes = 16L * Math.max(1, size);
        long from = ACCESS.takeIn(arena, bytes);
        MemorySegment values;
        if (from >= 0) {
            values = ACCESS.region(arena);
        } else {
            values = arena.allocate(bytes, 8);
            from = 0;
        }
        boolean numbers = element.numberIndex >= 0;
        long[] elements = !numbers && element.makesObjects ? new long[size] : null;
        try {
            if (numbers) {
                FfiWords.numbers(list, size, element.numberIndex, values, from, what);
            } else {
                packElements(list, size, values, from, elements, arena, library, function, what);
            }
            return library.objects().make("ffi.Array", ARRAY, values.address() + from, size,
                    base, at, function);
        } finally {
            // The array took references of its own.
            for (int i = 0; elements != null && i < size; i++) {
                FfiValues.releaseMade(library, elements[i]);
            }
        }
    }

    /**
     * Elements that are not numbers, each packed by its converter; the objects made are kept in
     * {@code elements} (null where none can be) for the caller to release.
     */
    private void packElements(List<?> list, int size, MemorySegment values, long from,
            long[] elements, SegmentAllocator arena, FfiLibrary library, String function,
            String what) {
        for (int i = 0; i < size; i++) {
            Object item = list.get(i);
            if (item == null && element.type != FfiType.Plain.ANY) {
                throw new NullPointerException(what + "[" + i + "]");
            }
            long made = element.pack(item, values, from + 16L * i, arena, library, function,
                    what + "[" + i + "]");
            if (elements != null) {
                elements[i] = made;
            }
        }
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
            if (any.get(ValueLayout.JAVA_INT, 0) >= FfiTypeIndex.STATIC_OBJECT_BEGIN) {
                library.release(any.get(ValueLayout.JAVA_LONG, 8));
            }
        }
    }

    /** The Java value of a borrowed {@code any}: a tensor in it takes a reference of its own. */
    @SuppressWarnings("restricted")
    Object unpack(MemorySegment any, FfiLibrary library, String function) {
        int type = any.get(ValueLayout.JAVA_INT, 0);
        long value = any.get(ValueLayout.JAVA_LONG, 8);
        switch (this.type) {
            case FfiType.OptionalOf o -> {
                return type == FfiTypeIndex.NONE ? Optional.empty()
                        : Optional.of(element.unpack(any, library, function));
            }
            case FfiType.ListOf l -> {
                // An ffi.List is a sequence cell as an array is (c_api.h's TVMFFISeqCell).
                expect(type == ARRAY || type == LIST, type, function);
                MemorySegment cell = MemorySegment.ofAddress(value + FfiLibrary.OBJECT_HEADER)
                        .reinterpret(16);
                long size = cell.get(ValueLayout.JAVA_LONG, 8);
                MemorySegment values = MemorySegment.ofAddress(cell.get(ValueLayout.JAVA_LONG, 0))
                        .reinterpret(16 * size);
                List<Object> list = new ArrayList<>();
                for (long i = 0; i < size; i++) {
                    list.add(element.unpack(values.asSlice(16 * i, 16), library, function));
                }
                // Any's None is a null element, which List.copyOf refuses.
                return Collections.unmodifiableList(list);
            }
            case FfiType.MapOf m -> {
                expect(type == MAP || type == DICT, type, function);
                return library.objects().readMap(value, type == DICT ? "ffi.Dict" : "ffi.Map",
                        key, element, function);
            }
            case FfiType.Plain p -> {
                return FfiPlainValues.unpack(p, type, value, any, library, function);
            }
            case FfiType.Callback c -> throw new IllegalArgumentException(c
                    + " is read by its FfiCallback");
        }
    }

    private void expect(boolean holds, int type, String function) {
        FfiPlainValues.expect(this.type, holds, type, function);
    }

    @Override
    public String toString() {
        return type.boxedName();
    }
}
