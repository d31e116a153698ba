package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tvmbind.check.testing.TvmFfi;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Lists and optionals of each number type through the wheel's {@code libtvm_ffi_testing}: packed by
 * the call's own loop and setters (no converter), so the type index they write is all that tells a
 * double from an integer or a bool on the way back.
 */
class FfiNumberValuesTest {
    @Test
    void listsOfEachNumberTypeCrossWithTheirOwnTypeIndex() {
        // Each list is packed by the one loop for numbers: a double sent as an int, or a bool as
        // an int, would come back as another Java type or another value.
        Path library = TvmFfi.installed().resolve("lib/libtvm_ffi_testing.so");
        TestingNumbers.Doubles doubles = TestingNumbers_DoublesBinding.load(library);
        assertEquals(List.of(1.5, -0.25, 1e300), doubles.id(List.of(1.5, -0.25, 1e300)));
        assertEquals(List.of(true, false, true),
                TestingNumbers_BoolsBinding.load(library).id(List.of(true, false, true)));
        assertEquals(List.of(Integer.MIN_VALUE, 0, 7),
                TestingNumbers_IntsBinding.load(library).id(List.of(Integer.MIN_VALUE, 0, 7)));
        assertEquals(List.of(), doubles.id(List.of()));
        List<Double> holed = java.util.Arrays.asList(1.0, null);
        NullPointerException npe = assertThrows(NullPointerException.class,
                () -> doubles.id(holed));
        assertEquals("x[1]", npe.getMessage());
    }

    @Test
    void optionalsOfEachNumberTypeCrossAsTheNumberOrNone() {
        // Written by the call itself, not a converter: the type index is all that tells them.
        Path library = TvmFfi.installed().resolve("lib/libtvm_ffi_testing.so");
        TestingNumbers.OptionalDouble doubles = TestingNumbers_OptionalDoubleBinding.load(library);
        assertEquals(Optional.of(-2.5), doubles.id(Optional.of(-2.5)));
        assertEquals(Optional.empty(), doubles.id(Optional.empty()));
        TestingNumbers.OptionalBool bools = TestingNumbers_OptionalBoolBinding.load(library);
        assertEquals(Optional.of(true), bools.id(Optional.of(true)));
        assertEquals(Optional.of(false), bools.id(Optional.of(false)));
        TestingNumbers.OptionalInt ints = TestingNumbers_OptionalIntBinding.load(library);
        assertEquals(Optional.of(Integer.MIN_VALUE), ints.id(Optional.of(Integer.MIN_VALUE)));
        assertEquals(Optional.empty(), ints.id(Optional.empty()));
        NullPointerException npe = assertThrows(NullPointerException.class, () -> ints.id(null));
        assertEquals("x", npe.getMessage());
    }
}
