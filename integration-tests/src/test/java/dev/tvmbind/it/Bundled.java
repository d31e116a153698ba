package dev.tvmbind.it;

import dev.tvmbind.TvmFfi;

/** The function of {@code src/test/ffi/ffi_bundled.cc}, whose library bundles a CUDA module. */
@TvmFfi
public interface Bundled {
    long answer();
}
