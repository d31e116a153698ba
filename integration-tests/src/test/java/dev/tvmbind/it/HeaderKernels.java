package dev.tvmbind.it;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.TvmFfi;
import dev.tvmbind.runtime.ffi.Tensor;
import java.lang.foreign.MemorySegment;

/**
 * Functions whose C++ side is written against the header tvmbind generates from this interface,
 * {@code header_kernels_ffi.h} ({@code src/test/ffi/header}): every type of SPEC §13's table.
 */
@TvmFfi
public interface HeaderKernels {
    long addInts(long a, long b);

    /** tvm-ffi's quickstart function, re-implemented against the generated header. */
    @EntryPoint("add_one_cpu")
    void addOne(Tensor x, Tensor y);

    double scale(double x, float by);

    String greet(String name);

    Tensor same(@TvmFfi.Owned Tensor x);

    boolean negate(boolean value);

    int narrow(long value);

    MemorySegment offset(MemorySegment pointer, short by);

    byte tiny(byte value);

    void nothing();

    /** Exported as {@code delete}, a C++ keyword: the header declares {@code delete_}. */
    @EntryPoint("delete")
    long remove(long key);

    /** The first of {@code xs}, or {@code fallback}, or -1. */
    long firstOr(java.util.List<Long> xs, java.util.Optional<Long> fallback);

    java.util.List<java.util.Optional<String>> maybeNames(long n);

    /** {@code shape} with {@code n} appended: a {@code tvm::ffi::Shape} each way. */
    long[] appended(long[] shape, long n);

    /** {@code x * 2}: a {@code tvm::ffi::BigInt} each way. */
    java.math.BigInteger twice(java.math.BigInteger x);

    /** The bytes, last first: {@code tvm::ffi::Bytes}. */
    byte[] backwards(byte[] bytes);

    /** The next device of the same type: {@code DLDevice}. */
    dev.tvmbind.runtime.ffi.DLDevice next(dev.tvmbind.runtime.ffi.DLDevice device);

    /** Twice the lanes: {@code DLDataType}. */
    dev.tvmbind.runtime.ffi.DLDataType wider(dev.tvmbind.runtime.ffi.DLDataType dtype);

    /** What it was given, as {@code tvm::ffi::Any}. */
    Object echoAny(Object value);

    /** The object's type key: {@code tvm::ffi::ObjectRef}. */
    String typeKeyOf(dev.tvmbind.runtime.ffi.FfiObject object);

    @TvmFfi.Callback
    interface Step {
        long step(long x);
    }

    /** {@code f} applied {@code n} times to {@code x}. */
    long iterate(Step f, long x, long n);

    /** {@code x -> x * k}. */
    Step times(long k);

    /** A global function, if registered. */
    java.util.Optional<Step> lookup(String name);
}
