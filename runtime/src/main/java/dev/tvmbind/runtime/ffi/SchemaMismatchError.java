package dev.tvmbind.runtime.ffi;

import java.io.Serial;

/**
 * A function's type schema, as the library exports it ({@code __tvm_ffi__metadata_<name>}, when
 * built with {@code -DTVM_FFI_DLL_EXPORT_INCLUDE_METADATA=1}), disagrees with the Java method that
 * describes it: the message names the method, its Java signature and TVM's schema. Thrown by
 * {@code load}, before any call.
 */
public final class SchemaMismatchError extends UnsatisfiedLinkError {
    @Serial private static final long serialVersionUID = 1L;

    SchemaMismatchError(String message) {
        super(message);
    }
}
