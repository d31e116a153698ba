package dev.tvmbind.it;

import dev.tvmbind.Global;
import dev.tvmbind.TvmFfi;

/** A global function nobody registers. */
@TvmFfi
public interface Unregistered {
    @Global("no.such.function")
    long missing(long x);
}
