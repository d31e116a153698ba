package dev.tvmbind.it;

import dev.tvmbind.TvmFfi;

/**
 * {@code partial_runtime.c}'s functions, in two interfaces: {@link Enough} needs nothing of the
 * C API that library lacks; this one's {@code byte[]} needs {@code TVMFFIBytesFromByteArray}.
 */
@TvmFfi
public interface PartialRuntime {
    long seven();

    long size(byte[] b);

    /** The same library, with types its runtime serves. */
    @TvmFfi
    interface Enough {
        long seven();
    }
}
