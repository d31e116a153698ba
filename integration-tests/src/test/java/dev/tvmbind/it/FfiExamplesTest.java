package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.DType;
import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.ffi.TvmFfiException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Code nobody here wrote, called through a typed interface: apache/tvm-ffi's own examples,
 * {@code quickstart}'s {@code add_one_cpu} (C++, {@code TensorView} parameters) and
 * {@code stable_c_abi}'s (C against the raw ABI), built from {@code shared/tvm-ffi} as their
 * scripts build them. Both document {@code y = x + 1} on {@code [1, 2, 3, 4, 5]}.
 */
class FfiExamplesTest {
    @ParameterizedTest
    @ValueSource(strings = {"quickstart/compile/add_one_cpu.cc", "stable_c_abi/src/add_one_cpu.c"})
    void addOneGivesItsDocumentedResult(String example) throws Exception {
        AddOne kernel = AddOneBinding.load(FfiLibraries.example(example));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment x = arena.allocateFrom(ValueLayout.JAVA_FLOAT, 1, 2, 3, 4, 5);
            MemorySegment y = arena.allocate(ValueLayout.JAVA_FLOAT, 5);
            try (Tensor in = Tensor.of(x, DType.FLOAT32, 5); Tensor out = Tensor.of(y, DType.FLOAT32, 5)) {
                kernel.addOne(in, out);
            }
            assertArrayEquals(new float[] {2, 3, 4, 5, 6}, y.toArray(ValueLayout.JAVA_FLOAT));
        }
    }

    @Test
    void aTensorIsRefusedBeforeTheCallWhenItCannotBeRead() throws Exception {
        AddOne kernel = AddOneBinding.load(FfiLibraries.example("quickstart/compile/add_one_cpu.cc"));
        Arena arena = Arena.ofConfined();
        MemorySegment x = arena.allocate(ValueLayout.JAVA_FLOAT, 5);
        Tensor in = Tensor.of(x, DType.FLOAT32, 5);
        Tensor out = Tensor.of(arena.allocate(ValueLayout.JAVA_FLOAT, 5), DType.FLOAT32, 5);
        in.close();
        IllegalStateException closed = assertThrows(IllegalStateException.class,
                () -> kernel.addOne(in, out));
        assertEquals("x is a closed tensor", closed.getMessage());
        Tensor open = Tensor.of(x, DType.FLOAT32, 5);
        arena.close();
        IllegalStateException freed = assertThrows(IllegalStateException.class,
                () -> kernel.addOne(open, out));
        assertEquals("x is a tensor over memory whose arena is closed", freed.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> Tensor.of(MemorySegment.ofArray(new float[5]), DType.FLOAT32, 5));
        assertThrows(IllegalArgumentException.class,
                () -> Tensor.of(Arena.ofAuto().allocate(16), DType.FLOAT32, 5));
    }

    /** The C example checks its arguments itself: a string where a tensor goes is its ValueError. */
    @Test
    void theCallesOwnCheckIsATvmFfiException() throws Exception {
        MisusedAddOne misused = MisusedAddOneBinding.load(
                FfiLibraries.example("stable_c_abi/src/add_one_cpu.c"));
        TvmFfiException e = assertThrows(TvmFfiException.class, () -> misused.addOne("x", "y"));
        assertEquals("ValueError", e.kind());
        assertEquals("Expects a Tensor input", e.errorMessage());
        assertTrue(e.getMessage().startsWith("__tvm_ffi_add_one_cpu raised ValueError"));
    }
}
