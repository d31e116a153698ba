package dev.tvmbind.it;

import dev.tvmbind.Global;
import dev.tvmbind.TvmFfi;
import dev.tvmbind.runtime.ffi.FfiObject;
import java.math.BigInteger;

/** Functions of {@link TestingLibrary} seen through other Java types (one symbol, one method). */
@TvmFfi
public interface TestingLibraryViews {
    /** An object of a registered type read as a {@code long}: refused naming its type key. */
    @Global("ffi.MakeObjectFromPackedArgs")
    long makeIntPairAsLong(String typeKey, String a, long aValue, String b, long bValue);

    /** An integer past 64 bits comes back as an {@code ffi.BigInt}. */
    @Global("testing.schema_id_any")
    BigInteger idBig(BigInteger x);

    /** {@code testing.schema_id_int}'s {@code int}, a {@code BigInteger} that fits passed as one. */
    @Global("testing.schema_id_int")
    long idInt(BigInteger x);

    /** A BigInt read as a {@code long} result: fits, or a TypeError. */
    @Global("testing.schema_id_arr")
    java.util.List<Long> idArr(java.util.List<BigInteger> x);

    /** Java's callback as tvm-ffi holds it: an {@code ffi.Function} object. */
    @Global("testing.schema_id_func")
    FfiObject functionObject(TestingLibrary.LongOp f);
}
