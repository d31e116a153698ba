package dev.tvmbind.it;

import dev.tvmbind.TvmFfi;

/** The functions of {@code src/test/ffi/ffi_callbacks.cc}, which call Java back. */
@TvmFfi
public interface FfiCallbacks {
    /** What C++ calls: {@code tvm::ffi::TypedFunction<int64_t(int64_t)>}. */
    @TvmFfi.Callback
    interface Scorer {
        long score(long x);
    }

    @TvmFfi.Callback
    interface Greeter {
        String greet(String who);
    }

    long applyTwice(Scorer f, long x);

    long applyElsewhere(Scorer f, long x);

    String greet(Greeter f);

    void keep(Scorer f);

    long callKept(long x);

    void dropKept();
}
