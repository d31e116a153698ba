package dev.tvmbind.it;

import dev.tvmbind.TvmFfi;
import java.util.Optional;

/**
 * The functions of {@code src/test/ffi/ffi_callbacks.cc}, which call Java back or return
 * functions Java calls.
 */
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

    /** Every plain type a callback takes and returns, read without boxing. */
    @TvmFfi.Callback
    interface Mixed {
        double mix(int i, double d, float f, boolean b);
    }

    long applyTwice(Scorer f, long x);

    /** {@code f} called with typed values ({@code step} 0), converted ones (1, 2), a wide int (3). */
    double mixed(Mixed f, long step);

    long applyElsewhere(Scorer f, long x);

    String greet(Greeter f);

    void keep(Scorer f);

    long callKept(long x);

    void dropKept();

    /** {@code x -> x + k}, its capture counted. */
    Scorer makeAdder(long k);

    long countedMade();

    long countedFreed();

    /** {@code x -> f(f(x))}: C++ calling Java's {@code f}, called from Java. */
    Scorer compose(Scorer f);

    /** A function that raises {@code ValueError}. */
    Scorer failing();

    /** A global function, if registered ({@code ffi_callbacks.triple} is). */
    Optional<Scorer> find(String name);
}
