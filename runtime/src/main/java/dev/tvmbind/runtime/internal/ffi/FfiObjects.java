package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.runtime.internal.Arguments;
import java.lang.foreign.Arena;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the containers of a binding ({@link FfiContainer}) ask of a library's {@code libtvm_ffi}:
 * a reference taken on an object it will keep ({@code TVMFFIObjectIncRef}), strings made as
 * objects ({@code TVMFFIStringFromByteArray}), arrays and maps made by the global {@code ffi.Array}
 * and {@code ffi.Map}, and maps read through {@code ffi.MapSize} and
 * {@code ffi.MapForwardIterFunctor}, each called through its function object as any packed
 * function is.
 */
final class FfiObjects {
    /** {@code int safe_call(void* self, const TVMFFIAny* args, int32_t n, TVMFFIAny* result)} at any address. */
    private static final MethodHandle SAFE_CALL = Linker.nativeLinker().downcallHandle(
            FfiValues.SAFE_CALL);

    /** The hot C functions at the runtime's addresses ({@link FfiCApi.Function#unbound}). */
    private static final MethodHandle FUNCTION_CREATE = FfiCApi.Function.FUNCTION_CREATE.unbound();
    private static final MethodHandle INC_REF = FfiCApi.Function.OBJECT_INC_REF.unbound();

    private final FfiLibrary library;
    /** Its C functions containers and callbacks call, or null where the runtime lacks one. */
    private final MemorySegment incRef;
    private final MemorySegment functionCreate;
    private final MethodHandle setRaised;
    /** Global functions (object and {@code safe_call}) by name, each found on first use. */
    private final Map<String, long[]> globals = new ConcurrentHashMap<>();

    /** What {@code api} offers containers; what it lacks fails at first use. */
    FfiObjects(FfiCApi api, FfiLibrary library) {
        this.library = library;
        this.incRef = api.addressOrNull(FfiCApi.Function.OBJECT_INC_REF);
        this.functionCreate = api.addressOrNull(FfiCApi.Function.FUNCTION_CREATE);
        this.setRaised = api.orNull(FfiCApi.Function.ERROR_SET_RAISED_FROM_C_STR);
    }

    /**
     * An {@code ffi.Function} whose calls reach {@link FfiCallback}'s upcall with {@code id} as
     * {@code self}; no deleter (Java keeps a reference until only Java holds one).
     *
     * @param out where C writes the function (8 bytes)
     * @return the function, one reference
     */
    long function(long id, String function, long out) {
        if (functionCreate == null) {
            throw FfiCApi.lacks(FfiCApi.Function.FUNCTION_CREATE);
        }
        try {
            int status = (int) FUNCTION_CREATE.invokeExact(functionCreate, id,
                    FfiCallback.SAFE_CALL, 0L, out);
            if (status != 0) {
                throw library.raised(function);
            }
            return FfiValues.EVERYWHERE.get(ValueLayout.JAVA_LONG_UNALIGNED, out);
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }

    /** Raises an error in the calling thread's tvm-ffi storage, for the code that called Java. */
    void raise(String kind, String message) throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            setRaised.invokeExact(arena.allocateFrom(kind), arena.allocateFrom(message));
        }
    }

    /** Takes a reference on an object read from a container, which Java keeps. */
    long incRef(long object) {
        if (incRef == null) {
            throw FfiCApi.lacks(FfiCApi.Function.OBJECT_INC_REF);
        }
        try {
            int status = (int) INC_REF.invokeExact(incRef, object);
            if (status != 0) {
                throw new IllegalStateException("TVMFFIObjectIncRef returned " + status);
            }
            return object;
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }

    /**
     * Writes {@code text} into the value {@code any}: a small string, or a string object whose
     * one reference the caller releases.
     *
     * @return the object made, or 0
     */
    long string(String text, MemorySegment any, SegmentAllocator arena, String function) {
        return library.cApi().fromBytes(FfiCApi.Function.STRING_FROM_BYTE_ARRAY,
                text.getBytes(StandardCharsets.UTF_8), any, arena, library, function);
    }

    /**
     * A container made by a global packed function ({@code ffi.Array} of the values,
     * {@code ffi.Map} of keys and values in turn, {@code ffi.Shape} of integers), which holds
     * references of its own, written into the {@code TVMFFIAny} at {@code at} in {@code out}.
     *
     * @param maker which global function
     * @param type the type index it returns
     * @return the container, one reference the caller releases
     */
    long make(String maker, int type, long values, int n, MemorySegment out, long at,
            String function) {
        long[] made = global(maker);
        call(made[0], made[1], values, n, out, at, function);
        if (out.get(ValueLayout.JAVA_INT_UNALIGNED, at) != type) {
            throw new IllegalStateException(maker + " returned type index "
                    + out.get(ValueLayout.JAVA_INT_UNALIGNED, at));
        }
        return out.get(ValueLayout.JAVA_LONG_UNALIGNED, at + 8);
    }

    /**
     * A map as an {@code ffi.Map} made from its keys and values in turn, written into the value at
     * {@code at} in {@code out}; the objects made for its entries are released once it holds them.
     *
     * @return the map, one reference the caller releases
     */
    long makeMap(Map<?, ?> map, FfiContainer key, FfiContainer value, MemorySegment out, long at,
            SegmentAllocator arena, String function, String what) {
        MemorySegment values = arena.allocate(32L * Math.max(1, map.size()), 8);
        List<Long> made = new ArrayList<>();
        try {
            int i = 0;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                String path = what + "[" + entry.getKey() + "]";
                made.add(key.set(values, 32L * i, entry.getKey(), arena, what + " key", library,
                        function));
                made.add(value.set(values, 32L * i + 16, entry.getValue(), arena, path, library,
                        function));
                i++;
            }
            return make("ffi.Map", FfiContainer.MAP, values.address(), 2 * map.size(), out, at,
                    function);
        } finally {
            made.forEach(e -> FfiValues.releaseMade(library, e));
        }
    }

    /**
     * Calls a function object of tvm-ffi ({@code safe_call} is the first member of its cell).
     *
     * @param result a {@code TVMFFIAny} for the result
     * @return {@code result}, which holds the result, owned by the caller
     */
    MemorySegment callObject(long function, MemorySegment values, int n, MemorySegment result,
            String what) {
        long safeCall = FfiValues.EVERYWHERE.get(ValueLayout.JAVA_LONG_UNALIGNED,
                function + FfiLibrary.OBJECT_HEADER);
        return call(function, safeCall, values, n, result, what);
    }

    /** The global function {@code name}'s object and {@code safe_call}, found on first use. */
    long[] global(String name) {
        long[] known = globals.get(name); // no lambda made once it is known
        return known != null ? known : globals.computeIfAbsent(name, n -> {
            long[] found = library.global(n);
            if (found == null) {
                throw new IllegalStateException("this libtvm_ffi lacks the global function "
                        + n);
            }
            return found;
        });
    }

    private MemorySegment call(long self, long safeCall, MemorySegment values, int n,
            MemorySegment result, String function) {
        call(self, safeCall, values.address(), n, result, 0, function);
        return result;
    }

    /**
     * Calls a function with the {@code n} values at address {@code values}, into the value at
     * {@code at} in {@code out}, set to None first as the ABI asks.
     */
    private void call(long self, long safeCall, long values, int n, MemorySegment out, long at,
            String function) {
        // The memory may be a call's scratch, or the last call's result: not None.
        FfiWords.word(out, at, FfiTypeIndex.NONE, 0);
        try {
            int status = (int) SAFE_CALL.invokeExact(MemorySegment.ofAddress(safeCall), self,
                    values, n, out.address() + at);
            if (status != 0) {
                throw library.raised(function);
            }
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }

    /**
     * A map's entries, in tvm-ffi's order, read through {@code ffi.MapForwardIterFunctor} (0:
     * the key, 1: the value, 2: next, false at the end), a dict's through
     * {@code ffi.DictForwardIterFunctor}; an empty one has no entry to read. Three calls an entry
     * through tvm-ffi's C API, as tvm-ffi's Python reads one, in two values reused throughout.
     *
     * @param kind {@code ffi.Map} or {@code ffi.Dict}
     */
    @SuppressWarnings("restricted")
    Map<Object, Object> readMap(long map, String kind, FfiContainer key, FfiContainer value,
            String function) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment argument = arena.allocate(16, 8);
            MemorySegment result = arena.allocate(16, 8);
            FfiWords.word(argument, kind.equals("ffi.Dict") ? FfiContainer.DICT
                    : FfiContainer.MAP, map);
            long[] size = global(kind + "Size");
            call(size[0], size[1], argument, 1, result, function);
            long count = result.get(ValueLayout.JAVA_LONG_UNALIGNED, 8);
            if (count <= 0) {
                return Map.of();
            }
            long[] iterate = global(kind + "ForwardIterFunctor");
            call(iterate[0], iterate[1], argument, 1, result, function);
            long functor = result.get(ValueLayout.JAVA_LONG_UNALIGNED, 8);
            long safeCall = MemorySegment.ofAddress(functor + FfiLibrary.OBJECT_HEADER)
                    .reinterpret(8).get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
            try {
                // Sized by the library's count, within reason: a map's size is its author's.
                Map<Object, Object> out = LinkedHashMap.newLinkedHashMap(
                        (int) Math.min(count, 1 << 20));
                do {
                    Object k = step(functor, safeCall, 0, argument, result, function, key);
                    out.put(k, step(functor, safeCall, 1, argument, result, function, value));
                } while ((Boolean) step(functor, safeCall, 2, argument, result, function,
                        FfiContainer.BOOLEAN));
                return Collections.unmodifiableMap(out);
            } finally {
                library.release(functor);
            }
        }
    }

    /** Calls the iterator with {@code command} and reads what it returns as {@code type}. */
    private Object step(long functor, long safeCall, int command, MemorySegment argument,
            MemorySegment result, String function, FfiContainer type) {
        FfiWords.word(argument, FfiTypeIndex.INT, command);
        call(functor, safeCall, argument, 1, result, function);
        try {
            return type.unpack(result, library, function);
        } finally {
            if (result.get(ValueLayout.JAVA_INT_UNALIGNED, 0) >= FfiTypeIndex.STATIC_OBJECT_BEGIN) {
                library.release(result.get(ValueLayout.JAVA_LONG_UNALIGNED, 8));
            }
        }
    }
}
