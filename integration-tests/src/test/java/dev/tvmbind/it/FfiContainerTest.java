package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.DType;
import dev.tvmbind.runtime.ffi.FfiFunction;
import dev.tvmbind.runtime.ffi.Tensor;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code Optional<T>} and {@code List<T>} ↔ {@code ffi.Array} both ways ({@link FfiContainers}):
 * scalars, strings small and large, tensors (made in Java, allocated by the kernel), nested
 * lists; checked against the schemas a metadata build exports; every object made or returned
 * released once.
 */
class FfiContainerTest {
    private static FfiContainers containers(boolean metadata) throws Exception {
        return FfiContainersBinding.load(FfiLibraries.of("ffi_containers", metadata));
    }

    @Test
    void listsAndOptionalsGoAndComeBack() throws Exception {
        FfiContainers c = containers(false);
        assertEquals(6, c.sumList(List.of(1L, 2L, 3L)));
        assertEquals(0, c.sumList(List.of()));
        assertEquals(List.of(0L, 1L, 2L, 3L), c.range(4));
        assertEquals(List.of(), c.range(0));
        String longWord = "a-word-longer-than-a-small-string";
        assertEquals(List.of("tvm", "ffi", longWord), c.words("tvm ffi " + longWord));
        assertEquals("a+bb+" + longWord, c.join(List.of("a", "bb", longWord)));
        assertEquals(7, c.orZero(Optional.of(7L)));
        assertEquals(0, c.orZero(Optional.empty()));
        assertEquals(Optional.of(longWord), c.firstLong(List.of("a", longWord), 10));
        assertEquals(Optional.empty(), c.firstLong(List.of("a", "b"), 10));
        assertEquals(List.of(List.of(0L, 0L), List.of(1L, 1L), List.of(2L, 4L)), c.pairs(3));
    }

    @Test
    void shapesGoAndComeBackAloneAndInContainers() throws Exception {
        for (boolean metadata : new boolean[] {false, true}) {
            FfiContainers c = containers(metadata);
            assertEquals(24, c.shapeProduct(new long[] {2, 3, 4}));
            assertEquals(1, c.shapeProduct(new long[0]));
            assertArrayEquals(new long[] {4, 3, 2, Long.MIN_VALUE},
                    c.reversed(new long[] {Long.MIN_VALUE, 2, 3, 4}));
            assertArrayEquals(new long[0], c.reversed(new long[0]));
            List<long[]> prefixes = c.prefixes(3);
            assertEquals(List.of("[]", "[1]", "[1, 2]", "[1, 2, 3]"),
                    prefixes.stream().map(Arrays::toString).toList());
            assertEquals(6 + 20, c.volumes(Map.of("a", new long[] {2, 3}, "b",
                    new long[] {4, 5})));
        }
        NullPointerException none = assertThrows(NullPointerException.class,
                () -> containers(false).shapeProduct(null));
        assertEquals("shape", none.getMessage());
    }

    @Test
    void mapsGoAndComeBack() throws Exception {
        FfiContainers c = containers(false);
        assertEquals(6, c.sumValues(Map.of("a", 1L, "b", 2L, "c", 3L)));
        assertEquals(0, c.sumValues(Map.of()));
        String longWord = "a-word-longer-than-a-small-string";
        assertEquals(Map.of("tvm", 3L, longWord, (long) longWord.length()),
                c.lengths(List.of("tvm", longWord)));
        assertEquals(Map.of(), c.lengths(List.of()));
        assertEquals(Map.of(3L, List.of("tvm", "ffi"), 4L, List.of("java")),
                c.byLength(List.of("tvm", "ffi", "java")));
        NullPointerException value = assertThrows(NullPointerException.class,
                () -> c.sumValues(java.util.Collections.singletonMap("a", null)));
        assertEquals("m[a]", value.getMessage());
    }

    @Test
    void tensorsInContainers() throws Exception {
        FfiContainers c = containers(false);
        try (Arena arena = Arena.ofConfined()) {
            Tensor a = Tensor.of(arena.allocateFrom(ValueLayout.JAVA_FLOAT, 1, 2), DType.FLOAT32, 2);
            Tensor b = Tensor.of(arena.allocateFrom(ValueLayout.JAVA_FLOAT, 3), DType.FLOAT32, 1);
            assertEquals(6.0, c.sumTensors(List.of(a, b)));
            assertEquals(2, c.count(Optional.of(a)));
            assertEquals(-1, c.count(Optional.empty()));
        }
        List<Tensor> made = c.twoTensors(3);
        assertArrayEquals(new float[] {1, 1, 1}, made.get(0).data().toArray(ValueLayout.JAVA_FLOAT));
        assertArrayEquals(new float[] {2, 2, 2}, made.get(1).data().toArray(ValueLayout.JAVA_FLOAT));
        // Passed back: a tensor the kernel returned goes as its own object.
        assertEquals(9.0, c.sumTensors(made));
        made.forEach(Tensor::close);
    }

    @Test
    void badElementsAreRefusedBeforeTheCall() throws Exception {
        FfiContainers c = containers(false);
        NullPointerException element = assertThrows(NullPointerException.class,
                () -> c.sumList(Arrays.asList(1L, null)));
        assertEquals("xs[1]", element.getMessage());
        assertThrows(NullPointerException.class, () -> c.sumList(null));
        assertThrows(NullPointerException.class, () -> c.orZero(null));
    }

    @Test
    void checkedAgainstTheSchemasOfAMetadataBuild() throws Exception {
        FfiContainers c = containers(true);
        List<FfiFunction> functions = FfiContainersBinding.functions(c);
        assertTrue(functions.stream().allMatch(FfiFunction::checked), functions::toString);
        assertEquals(List.of("[ffi.Array<int>] -> int", "[int] -> ffi.Array<int>",
                "[ffi.String] -> ffi.Array<ffi.String>", "[ffi.Array<ffi.String>] -> ffi.String",
                "[Optional<int>] -> int", "[ffi.Array<ffi.String>, int] -> Optional<ffi.String>",
                "[int] -> ffi.Array<ffi.Array<int>>", "[ffi.Array<ffi.Tensor>] -> float",
                "[int] -> ffi.Array<ffi.Tensor>", "[Optional<DLTensor*>] -> int",
                "[ffi.Map<ffi.String,int>] -> int", "[ffi.Array<ffi.String>] -> ffi.Map<ffi.String,int>",
                "[ffi.Array<ffi.String>] -> ffi.Map<int,ffi.Array<ffi.String>>",
                "[int] -> ffi.Map<ffi.String,ffi.Array<ffi.Tensor>>", "[] -> int", "[] -> int",
                "[ffi.Array<ffi.Tensor>] -> int", "[] -> ffi.Array<float>", "[] -> None",
                "[ffi.Shape] -> int", "[ffi.Shape] -> ffi.Shape", "[int] -> ffi.Array<ffi.Shape>",
                "[ffi.Map<ffi.String,ffi.Shape>] -> int"),
                functions.stream().map(f -> f.schema().orElseThrow()).toList());
        assertEquals(List.of(0L, 1L), c.range(2));
    }

    /**
     * Every array, string and tensor object made for a call or returned by one is released
     * once: 100,000 rounds leave C's heap where it was (a leak would keep far over 100 bytes a
     * round: 10 MB).
     */
    @Test
    void everyObjectIsReleasedOnce() throws Throwable {
        FfiContainers c = containers(false);
        List<String> words = List.of("small", "a-word-longer-than-a-small-string");
        try (Arena arena = Arena.ofConfined()) {
            Tensor a = Tensor.of(arena.allocateFrom(ValueLayout.JAVA_FLOAT, 1, 2), DType.FLOAT32, 2);
            NativeHeap.assertFreed(100_000, () -> {
                assertEquals(3, c.sumList(List.of(1L, 2L)));
                assertEquals(words, c.words(String.join(" ", words)));
                assertEquals(String.join("+", words), c.join(words));
                assertEquals(3.0, c.sumTensors(List.of(a)));
                List<Tensor> made = c.twoTensors(2);
                made.forEach(Tensor::close);
                assertEquals(2, c.lengths(words).size());
                assertEquals(7, c.sumValues(Map.of("small", 7L)));
            });
        }
    }
}
