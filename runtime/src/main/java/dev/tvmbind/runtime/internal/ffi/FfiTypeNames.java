package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.runtime.internal.Arguments;
import java.lang.invoke.MethodHandle;
import java.util.Map;
import java.util.Optional;

/**
 * How messages name a {@code TVMFFIAny}'s type index: by tvm-ffi's name for it (SPEC §13's table,
 * C ABI 0.1), with the number beside it; an index of a type registered at run time (128 on) by
 * its type key, as {@code TVMFFIGetTypeInfo} of the library's runtime gives it, where one is at
 * hand, else by its number.
 */
final class FfiTypeNames {
    private FfiTypeNames() {}

    private static final Map<Integer, String> STATIC = Map.ofEntries(Map.entry(0, "None"),
            Map.entry(1, "int"), Map.entry(2, "bool"), Map.entry(3, "float"),
            Map.entry(4, "void*"), Map.entry(5, "DataType"), Map.entry(6, "Device"),
            Map.entry(7, "DLTensor*"), Map.entry(8, "const char*"),
            Map.entry(9, "TVMFFIByteArray*"), Map.entry(10, "an object reference"),
            Map.entry(11, "ffi.String"), Map.entry(12, "ffi.Bytes"), Map.entry(64, "ffi.Object"),
            Map.entry(65, "ffi.String"), Map.entry(66, "ffi.Bytes"), Map.entry(67, "ffi.Error"),
            Map.entry(68, "ffi.Function"), Map.entry(69, "ffi.Shape"), Map.entry(70, "ffi.Tensor"),
            Map.entry(71, "ffi.Array"), Map.entry(72, "ffi.Map"), Map.entry(73, "ffi.Module"),
            Map.entry(74, "ffi.OpaquePyObject"), Map.entry(75, "ffi.List"),
            Map.entry(76, "ffi.Dict"), Map.entry(78, "ffi.BigInt"));

    /** {@code TVMFFITypeInfo}: {@code int32 type_index, type_depth; TVMFFIByteArray type_key}. */
    private static final long TYPE_KEY = 8;

    /** {@code ffi.BigInt (type index 78)}, or {@code type index 130} for a dynamic type. */
    static String of(int index) {
        String name = STATIC.get(index);
        return name == null ? "type index " + index : name + " (type index " + index + ")";
    }

    /** As {@link #of(int)}, a dynamic type named by its key: {@code my.Point (type index 130)}. */
    static String of(int index, FfiLibrary library) {
        if (STATIC.containsKey(index)) {
            return of(index);
        }
        return key(index, library).map(k -> k + " (type index " + index + ")")
                .orElse(of(index));
    }

    /** The type key tvm-ffi's runtime registered for {@code index}, if it knows the index. */
    static Optional<String> key(int index, FfiLibrary library) {
        if (!library.cApi().has(FfiCApi.Function.GET_TYPE_INFO)) {
            return Optional.empty();
        }
        MethodHandle info = library.cApi().handle(FfiCApi.Function.GET_TYPE_INFO);
        try {
            long at = (long) info.invokeExact(index);
            return at == 0 ? Optional.empty() : Optional.of(FfiByteArrays.text(at + TYPE_KEY));
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }
}
