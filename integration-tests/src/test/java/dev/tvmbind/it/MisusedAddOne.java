package dev.tvmbind.it;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.TvmFfi;

/** {@code add_one_cpu} described wrongly, on purpose: strings where tensors go. */
@TvmFfi
public interface MisusedAddOne {
    @EntryPoint("add_one_cpu")
    void addOne(String x, String y);
}
