package dev.tvmbind.runtime.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;

/**
 * What the containers of a binding ({@link FfiContainer}) ask of a library's {@code libtvm_ffi}:
 * a reference taken on an object it will keep ({@code TVMFFIObjectIncRef}), strings made as
 * objects ({@code TVMFFIStringFromByteArray}), and arrays made by the global {@code ffi.Array},
 * called through its function object as any packed function is.
 */
final class FfiObjects {
    /** {@code int safe_call(void* self, const TVMFFIAny* args, int32_t n, TVMFFIAny* result)} at any address. */
    private static final MethodHandle SAFE_CALL = Linker.nativeLinker().downcallHandle(
            FfiValues.SAFE_CALL);

    private final FfiLibrary library;
    private final MethodHandle incRef;
    private final MethodHandle stringFromBytes;
    /** {@code ffi.Array}'s object and {@code safe_call}, found on first use. */
    private volatile long[] array;

    private FfiObjects(FfiLibrary library, MethodHandle incRef, MethodHandle stringFromBytes) {
        this.library = library;
        this.incRef = incRef;
        this.stringFromBytes = stringFromBytes;
    }

    /** Links what {@code library}'s runtime offers; what it lacks fails at first use. */
    @SuppressWarnings("restricted")
    static FfiObjects of(NativeAccess.Vouched lookup, FfiLibrary library) {
        Linker linker = Linker.nativeLinker();
        return new FfiObjects(library,
                lookup.find("TVMFFIObjectIncRef").map(f -> linker.downcallHandle(f,
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG)))
                        .orElse(null),
                lookup.find("TVMFFIStringFromByteArray").map(f -> linker.downcallHandle(f,
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG,
                                ValueLayout.JAVA_LONG))).orElse(null));
    }

    private static IllegalStateException lacks(String what) {
        return new IllegalStateException("this libtvm_ffi lacks " + what + ", which containers"
                + " of TVM's FFI need");
    }

    /** Takes a reference on an object read from a container, which Java keeps. */
    long incRef(long object) {
        if (incRef == null) {
            throw lacks("TVMFFIObjectIncRef");
        }
        try {
            int status = (int) incRef.invokeExact(object);
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
    long string(String text, MemorySegment any, Arena arena, String function) {
        if (stringFromBytes == null) {
            throw lacks("TVMFFIStringFromByteArray");
        }
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        MemorySegment bytes = arena.allocate(Math.max(1, utf8.length));
        MemorySegment.copy(utf8, 0, bytes, ValueLayout.JAVA_BYTE, 0, utf8.length);
        MemorySegment array = arena.allocate(16, 8);
        array.set(ValueLayout.ADDRESS, 0, bytes);
        array.set(ValueLayout.JAVA_LONG, 8, utf8.length);
        try {
            int status = (int) stringFromBytes.invokeExact(array.address(), any.address());
            if (status != 0) {
                throw library.raised(function);
            }
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
        int type = any.get(ValueLayout.JAVA_INT, 0);
        return type >= FfiValues.STATIC_OBJECT_BEGIN ? any.get(ValueLayout.JAVA_LONG, 8) : 0;
    }

    /**
     * An {@code ffi.Array} of {@code n} values: the array holds references of its own.
     *
     * @return the array, one reference the caller releases
     */
    long array(MemorySegment values, int n, Arena arena, String function) {
        long[] made = array;
        if (made == null) {
            made = library.global("ffi.Array");
            if (made == null) {
                throw lacks("the global function ffi.Array");
            }
            array = made;
        }
        MemorySegment result = arena.allocate(16, 8);
        try {
            int status = (int) SAFE_CALL.invokeExact(MemorySegment.ofAddress(made[1]), made[0],
                    values.address(), n, result.address());
            if (status != 0) {
                throw library.raised(function);
            }
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
        if (result.get(ValueLayout.JAVA_INT, 0) != FfiContainer.ARRAY) {
            throw new IllegalStateException("ffi.Array returned type index "
                    + result.get(ValueLayout.JAVA_INT, 0));
        }
        return result.get(ValueLayout.JAVA_LONG, 8);
    }
}
