package dev.tvmbind.it;

import dev.tvmbind.TvmFfi;

/** {@code ffi_bigint.cc}: {@code 1 << bits}, an ffi.BigInt past 63 bits. */
@TvmFfi
public interface BigInts {
    long shifted(long bits);
}
