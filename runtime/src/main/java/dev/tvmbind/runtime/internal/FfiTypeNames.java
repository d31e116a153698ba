package dev.tvmbind.runtime.internal;

import java.util.Map;

/**
 * How messages name a {@code TVMFFIAny}'s type index: by tvm-ffi's name for it (SPEC §13's table,
 * C ABI 0.1), with the number beside it; an index of a type registered at run time (128 on) by
 * its number only.
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

    /** {@code ffi.BigInt (type index 78)}, or {@code type index 130} for a dynamic type. */
    static String of(int index) {
        String name = STATIC.get(index);
        return name == null ? "type index " + index : name + " (type index " + index + ")";
    }
}
