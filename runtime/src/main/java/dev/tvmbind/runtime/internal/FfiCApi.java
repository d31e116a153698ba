package dev.tvmbind.runtime.internal;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Functions of tvm-ffi's C API ({@code c_api.h}) that only some types need, each linked in a
 * library's runtime the first time a value of such a type is packed or read; one the runtime
 * lacks (an older {@code libtvm_ffi}) is an error naming it and the type that needs it, at that
 * value, never at load of a binding that has none.
 */
final class FfiCApi {
    private final NativeAccess.Vouched runtime;
    private final Map<String, MethodHandle> linked = new ConcurrentHashMap<>();

    FfiCApi(NativeAccess.Vouched runtime) {
        this.runtime = runtime;
    }

    /** {@code int f(const TVMFFIByteArray* input, TVMFFIAny* out)}. */
    private static final FunctionDescriptor FROM_BYTE_ARRAY = FunctionDescriptor.of(
            ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG);

    /**
     * Makes a value of {@code type} from {@code content} with the C function {@code name}
     * ({@code TVMFFIBytesFromByteArray}, {@code TVMFFIBigIntFromByteArray}), into {@code any}.
     *
     * @return the object made, which the caller releases; or 0 for a value held inline
     */
    long fromByteArray(String name, String type, MemorySegment content, MemorySegment any,
            SegmentAllocator arena, FfiLibrary library, String function) {
        MemorySegment array = arena.allocate(FfiLibrary.BYTE_ARRAY, 8);
        array.set(ValueLayout.JAVA_LONG, 0, content.address());
        array.set(ValueLayout.JAVA_LONG, 8, content.byteSize());
        MethodHandle from = function(name, FROM_BYTE_ARRAY, type);
        try {
            if ((int) from.invokeExact(array.address(), any.address()) != 0) {
                throw library.raised(function);
            }
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
        return any.get(ValueLayout.JAVA_INT, 0) >= FfiValues.STATIC_OBJECT_BEGIN
                ? any.get(ValueLayout.JAVA_LONG, 8) : 0;
    }

    /**
     * The C function {@code name}, linked once.
     *
     * @param type the type of tvm-ffi whose values need it, as messages name it
     * @throws IllegalStateException when this runtime lacks it
     */
    @SuppressWarnings("restricted")
    MethodHandle function(String name, FunctionDescriptor descriptor, String type) {
        return linked.computeIfAbsent(name, n -> runtime.find(n)
                .map(f -> Linker.nativeLinker().downcallHandle(f, descriptor))
                .orElseThrow(() -> new IllegalStateException("this libtvm_ffi lacks " + n
                        + ", which values of " + type + " need: use apache-tvm-ffi 0.1.14 or"
                        + " later")));
    }
}
