package dev.tvmbind.benchmarks;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.TvmFfi;
import dev.tvmbind.runtime.ffi.Tensor;

/** The functions of {@code src/main/ffi/ffi_bench.cc}, through TVM's FFI. */
@TvmFfi
public interface FfiBench {
    /** Tensors of {@link #addOne} hold this many floats. */
    int FLOATS = 1024;

    long addInts(long a, long b);

    long length(String text);

    long address(java.lang.foreign.MemorySegment pointer);

    @EntryPoint("add_one")
    void addOne(Tensor x, Tensor y);

    /** {@code x}'s first dimension: a tensor call with almost no work in C. */
    long rows(Tensor x);

    /** The same function, its tensor declared ({@code @Shape}): the cost of the check. */
    @TvmFfi
    interface Shaped {
        long rows(@dev.tvmbind.Shape(value = "n", dtype = dev.tvmbind.DType.FLOAT32) Tensor x);
    }

    /** 0, 1, …, 1023 as float32: the same tensor at every call, a reference more. */
    Tensor ramp();

    /** The first of {@code xs}, or {@code fallback}, or -1. */
    long firstOr(java.util.List<Long> xs, java.util.Optional<Long> fallback);

    @TvmFfi.Callback
    interface Step {
        long step(long x);
    }

    /** {@code f(x)}: C++ calling Java once. */
    long applyOnce(Step f, long x);

    /** {@code n} entries {@code "k0" -> 0, …}: an {@code ffi.Map} read entry by entry. */
    java.util.Map<String, Long> makeMap(long n);

    /** The same function, its map left unread: what making it costs. */
    @TvmFfi
    interface Unread {
        @dev.tvmbind.EntryPoint("make_map")
        dev.tvmbind.runtime.ffi.FfiObject makeMap(long n);
    }
}
