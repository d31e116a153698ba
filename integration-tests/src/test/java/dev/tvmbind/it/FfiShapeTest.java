package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tvmbind.DType;
import dev.tvmbind.runtime.ffi.Tensor;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

/**
 * Declared tensors ({@code @Shape}, {@link ShapedKernels}) against a kernel that checks nothing
 * itself (tvm-ffi's quickstart {@code add_one_cpu}): an int32 input and a short output, which gave
 * garbage and wrote past the output's end, are refused before the call with one message naming
 * the parameter, what was declared, what came and which tensor fixed {@code n}; a declared result
 * that differs is refused on return, its object released.
 */
class FfiShapeTest {
    private static ShapedKernels kernels() throws Exception {
        return ShapedKernelsBinding.load(FfiLibraries.of("ffi_types", false));
    }

    @Test
    void whatIsDeclaredPassesAndComputes() throws Exception {
        ShapedKernels k = kernels();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment x = arena.allocateFrom(ValueLayout.JAVA_FLOAT, 1, 2, 3);
            MemorySegment y = arena.allocate(ValueLayout.JAVA_FLOAT, 3);
            try (Tensor in = Tensor.of(x, DType.FLOAT32, 3);
                    Tensor out = Tensor.of(y, DType.FLOAT32, 3)) {
                k.addOne(in, out);
                assertArrayEquals(new float[] {2, 3, 4}, y.toArray(ValueLayout.JAVA_FLOAT));
                try (Tensor same = k.same(in)) {
                    assertArrayEquals(new long[] {3}, same.shape());
                }
            }
        }
        try (Tensor iota = k.iota(4)) {
            assertEquals(4, iota.dim(0));
        }
    }

    @Test
    void aWrongInputIsRefusedBeforeTheCall() throws Exception {
        ShapedKernels k = kernels();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ints = arena.allocateFrom(ValueLayout.JAVA_INT, 1, 2, 3);
            MemorySegment five = arena.allocateFrom(ValueLayout.JAVA_FLOAT, 1, 2, 3, 4, 5);
            MemorySegment three = arena.allocate(ValueLayout.JAVA_FLOAT, 3);
            MemorySegment matrix = arena.allocate(ValueLayout.JAVA_FLOAT, 6);
            try (Tensor int32 = Tensor.of(ints, DType.INT32, 3);
                    Tensor x = Tensor.of(five, DType.FLOAT32, 5);
                    Tensor shortOut = Tensor.of(three, DType.FLOAT32, 3);
                    Tensor twoD = Tensor.of(matrix, DType.FLOAT32, 2, 3)) {
                IllegalArgumentException dtype = assertThrows(IllegalArgumentException.class,
                        () -> k.addOne(int32, shortOut));
                assertEquals("addOne: parameter x must be float32[n] but is int32 (int32[3])",
                        dtype.getMessage());
                IllegalArgumentException length = assertThrows(IllegalArgumentException.class,
                        () -> k.addOne(x, shortOut));
                assertEquals("addOne: parameter y must be float32[n] but its dimension 0 ('n')"
                        + " is 3, where parameter x fixed n = 5 (float32[3])", length.getMessage());
                IllegalArgumentException rank = assertThrows(IllegalArgumentException.class,
                        () -> k.addOne(twoD, shortOut));
                assertEquals("addOne: parameter x must be float32[n] but has 2 dimensions"
                        + " (float32[2, 3])", rank.getMessage());
                // Nothing was written past the output's three floats: the call never happened.
                assertArrayEquals(new float[3], three.toArray(ValueLayout.JAVA_FLOAT));
            }
        }
    }

    @Test
    void aWrongResultIsRefusedOnReturnAndReleased() throws Exception {
        ShapedKernels k = kernels();
        FfiTensorFunctions counted = FfiTensorFunctionsBinding.load(FfiLibraries.of("ffi_types",
                false));
        IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class,
                () -> k.ones(3));
        assertEquals("ones: the result must be int32[3] but is float32 (float32[3])",
                wrong.getMessage());
        long live = counted.liveTensors();
        MisShapedKernels mis = MisShapedKernelsBinding.load(FfiLibraries.of("ffi_types", false));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> mis.iota(3));
        assertEquals("iota: the result must be int32[3] but is float32 (float32[3])",
                refused.getMessage());
        assertEquals(live, counted.liveTensors());
    }
}
