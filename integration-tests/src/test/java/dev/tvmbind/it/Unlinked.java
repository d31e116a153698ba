package dev.tvmbind.it;

import dev.tvmbind.TvmFfi;

/** {@code ffi_unlinked.cc}: functions of a library that links no {@code libtvm_ffi}. */
@TvmFfi
public interface Unlinked {
    long twice(long value);

    long refuse(long value);
}
