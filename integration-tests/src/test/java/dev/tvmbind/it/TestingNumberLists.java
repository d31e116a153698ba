package dev.tvmbind.it;

import dev.tvmbind.Global;
import dev.tvmbind.TvmFfi;
import java.util.List;

/**
 * tvm-ffi's testing library's identity on an array of any values, as lists of one number type
 * each: one interface a type, since an interface binds a function once.
 */
final class TestingNumberLists {
    private TestingNumberLists() {}

    @TvmFfi
    interface Doubles {
        @Global("testing.schema_id_arr")
        List<Double> id(List<Double> x);
    }

    @TvmFfi
    interface Bools {
        @Global("testing.schema_id_arr")
        List<Boolean> id(List<Boolean> x);
    }

    @TvmFfi
    interface Ints {
        @Global("testing.schema_id_arr")
        List<Integer> id(List<Integer> x);
    }
}
