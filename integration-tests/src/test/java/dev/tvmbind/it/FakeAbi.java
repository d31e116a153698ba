package dev.tvmbind.it;

import dev.tvmbind.TvmFfi;

/** {@code fake_abi.c}'s one function, behind a runtime of another C ABI. */
@TvmFfi
public interface FakeAbi {
    long x();
}
