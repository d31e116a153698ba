package dev.tvmbind.it;

import dev.tvmbind.TvmFfi;

/** Functions of {@code ffi_hostile_schema.cc}, whose type schemas are past tvmbind's bounds. */
public interface HostileSchemas {
    /** A schema of 2,000 arguments. */
    @TvmFfi
    interface Wide {
        long wide(long value);
    }

    /** A schema of types nested 1,000 deep. */
    @TvmFfi
    interface Deep {
        long deep(long value);
    }

    /** A schema text of 8 MiB. */
    @TvmFfi
    interface Huge {
        long huge(long value);
    }
}
