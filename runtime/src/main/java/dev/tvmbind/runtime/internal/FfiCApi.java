package dev.tvmbind.runtime.internal;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
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
