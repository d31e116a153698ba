package dev.tvmbind.runtime.internal.ffi;

/** tvm-ffi's type indices ({@code TVMFFITypeIndex} in {@code c_api.h}) that this package reads. */
final class FfiTypeIndex {
    private FfiTypeIndex() {}

    static final int NONE = 0;
    static final int INT = 1;
    static final int BOOL = 2;
    static final int FLOAT = 3;
    static final int OPAQUE_PTR = 4;
    static final int DL_TENSOR_PTR = 7;
    static final int RAW_STR = 8;
    static final int SMALL_STR = 11;
    static final int SMALL_BYTES = 12;
    static final int STR = 65;
    static final int FUNCTION = 68;
    static final int TENSOR = 70;
    static final int MODULE = 73;
    /** Where objects begin: every index from here is a reference-counted object. */
    static final int STATIC_OBJECT_BEGIN = 64;
}
