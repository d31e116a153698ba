package dev.tvmbind.it;

import dev.tvmbind.TvmFfi;
import dev.tvmbind.runtime.ffi.Tensor;
import java.lang.foreign.MemorySegment;

/** The functions of {@code src/test/ffi/ffi_types.cc}, as a typed interface of TVM's FFI. */
@TvmFfi
public interface FfiTypes {
    long addInts(long a, long b);

    int narrow(long value);

    int wide(long value);

    double scale(double x, double by);

    boolean negate(boolean value);

    String greet(String name);

    String echo(String text);

    long length(String text);

    MemorySegment offset(MemorySegment pointer, long by);

    void count();

    long calls();

    long fail(String message);

    float sumFloats(Tensor x);
}
