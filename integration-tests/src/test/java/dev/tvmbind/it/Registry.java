package dev.tvmbind.it;

import dev.tvmbind.Global;
import dev.tvmbind.TvmFfi;

/** Functions of TVM's global registry that {@code libtvm_ffi} and its testing library register. */
@TvmFfi
public interface Registry {
    @Global("testing.add_one")
    long addOne(long x);

    @Global("ffi.String")
    String string(String text);

    @Global("testing.test_raise_error")
    void raise(String kind, String message);
}
