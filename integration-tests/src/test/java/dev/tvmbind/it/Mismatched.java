package dev.tvmbind.it;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.TvmFfi;

/** Functions of {@code ffi_types.cc} described wrongly, on purpose, for the schema check. */
@TvmFfi
public interface Mismatched {
    @EntryPoint("add_ints")
    double addInts(double a, double b);

    @EntryPoint("greet")
    String greet(String name, String other);

    @EntryPoint("length")
    long length(String text);
}
