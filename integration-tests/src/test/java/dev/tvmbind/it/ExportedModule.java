package dev.tvmbind.it;

import dev.tvmbind.TvmFfi;

/** The functions of {@code src/test/ffi/ffi_module.cc}, a library laid out as TVM exports one. */
@TvmFfi
public interface ExportedModule {
    boolean contextSet();

    long lengthThroughContext(String text);
}
