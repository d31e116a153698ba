package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.DType;
import dev.tvmbind.check.testing.TvmFfi;
import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.ffi.TvmFfiException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The wheel's {@code libtvm_ffi_testing} as a suite: each global function tvmbind's types reach
 * today, called through a typed interface and its result asserted, on both pinned wheels (the
 * functions that need types tvmbind lacks — Bytes, Device, DataType, Any, ffi.List, ffi.Dict,
 * objects, variants — wait for them).
 */
class FfiTestingLibraryTest {
    private static TestingLibrary testing() {
        return TestingLibraryBinding.load(TvmFfi.installed().resolve("lib/libtvm_ffi_testing.so"));
    }

    @Test
    void scalarsStringsAndNothing() {
        TestingLibrary testing = testing();
        assertEquals(42, testing.addOne(41));
        assertEquals(Long.MIN_VALUE, testing.idInt(Long.MIN_VALUE));
        assertEquals(-0.5e300, testing.idFloat(-0.5e300));
        assertTrue(testing.idBool(true));
        assertFalse(testing.idBool(false));
        String longer = "a string longer than a small string, ü and ∑";
        assertEquals(longer, testing.idString(longer));
        assertEquals("", testing.idString(""));
        assertEquals(1, testing.noArgs());
        testing.noArgsNoReturn();
        testing.noReturn(7);
        assertEquals("packed", testing.echo("packed"));
        testing.nop();
        TvmFfiException e = assertThrows(TvmFfiException.class,
                () -> testing.raise("RuntimeError", "from the testing library"));
        assertEquals("RuntimeError", e.kind());
        assertEquals("from the testing library", e.errorMessage());
    }

    @Test
    void containersAndOptionals() {
        TestingLibrary testing = testing();
        assertEquals(List.of(1L, -2L, Long.MAX_VALUE), testing.idArrInt(List.of(1L, -2L,
                Long.MAX_VALUE)));
        assertEquals(List.of(), testing.idArrInt(List.of()));
        assertEquals(List.of("a", "longer than seven bytes"), testing.idArrStr(List.of("a",
                "longer than seven bytes")));
        assertEquals(Map.of("one", 1L, "two", 2L), testing.idMapStrInt(Map.of("one", 1L,
                "two", 2L)));
        assertEquals(Map.of("k", "v"), testing.idMapStrStr(Map.of("k", "v")));
        assertEquals(Optional.of(5L), testing.idOptInt(Optional.of(5L)));
        assertEquals(Optional.empty(), testing.idOptInt(Optional.empty()));
        assertEquals(Optional.of("s"), testing.idOptStr(Optional.of("s")));
        assertEquals(Optional.empty(), testing.idOptStr(Optional.empty()));
        // The map, with the present values added under the key.
        assertEquals(Map.of("a", List.of(1L, 2L), "x", List.of(1L, 3L)), testing.arrMapOpt(
                Arrays.asList(Optional.of(1L), Optional.empty(), Optional.of(3L)),
                Map.of("a", List.of(1L, 2L)), Optional.of("x")));
        assertEquals(Map.of(), testing.arrMapOpt(List.of(), Map.of(), Optional.empty()));
    }

    @Test
    void tensors() {
        TestingLibrary testing = testing();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment data = arena.allocateFrom(ValueLayout.JAVA_FLOAT, 1f, 2f, 3f);
            try (Tensor x = Tensor.of(data, DType.FLOAT32, 3);
                    Tensor same = testing.idTensor(x)) {
                assertArrayEquals(new long[] {3}, same.shape());
                assertArrayEquals(new float[] {1f, 2f, 3f},
                        same.data().toArray(ValueLayout.JAVA_FLOAT));
                testing.tensorViewInput(x);
                assertTrue(testing.hasValue(Optional.of(x)));
            }
            assertFalse(testing.hasValue(Optional.empty()));
        }
    }
}
