package dev.tvmbind.it;

import dev.tvmbind.TvmFfi;
import java.math.BigInteger;

/** {@code ffi_bigint.cc} as {@code BigInteger}: every result, whatever its width. */
@TvmFfi
public interface BigIntegers {
    BigInteger shifted(long bits);
}
