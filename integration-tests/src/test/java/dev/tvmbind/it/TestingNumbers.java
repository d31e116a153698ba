package dev.tvmbind.it;

import dev.tvmbind.Global;
import dev.tvmbind.TvmFfi;
import java.util.List;
import java.util.Optional;

/**
 * tvm-ffi's testing library's identities on an array of any values and on any value, as lists
 * and optionals of one number type each: one interface a type, since an interface binds a
 * function once.
 */
final class TestingNumbers {
    private TestingNumbers() {}

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

    @TvmFfi
    interface OptionalDouble {
        @Global("testing.schema_id_any")
        Optional<Double> id(Optional<Double> x);
    }

    @TvmFfi
    interface OptionalBool {
        @Global("testing.schema_id_any")
        Optional<Boolean> id(Optional<Boolean> x);
    }

    @TvmFfi
    interface OptionalInt {
        @Global("testing.schema_id_any")
        Optional<Integer> id(Optional<Integer> x);
    }
}
