package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tvmbind.DType;
import dev.tvmbind.runtime.ffi.DLDevice;
import dev.tvmbind.runtime.ffi.Tensor;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

/**
 * Declared devices and strides ({@code @Shape(device = …, contiguous = true)},
 * {@link LaidOutKernels}) against tensors a kernel returns: a transposed view, which a kernel
 * walking its data with one index misreads, and pinned host memory ({@code kDLCUDAHost}), which
 * is not the {@code kDLCPU} a kernel may be written for. Both refused before the call where a
 * parameter declares otherwise, and on return where a result does (released then).
 */
class FfiLayoutTest {
    private static LaidOutKernels kernels() throws Exception {
        return LaidOutKernelsBinding.load(FfiLibraries.of("ffi_types", false));
    }

    @Test
    void undeclaredTheKernelMisreadsATransposedView() throws Exception {
        LaidOutKernels.Declared any = LaidOutKernels_DeclaredBinding.load(
                FfiLibraries.of("ffi_types", false));
        try (Tensor transposed = kernels().transposed(2, 3);
                Tensor pinned = kernels().pinnedOnes(2, 3)) {
            assertEquals(new DLDevice(3, 0), pinned.device());
            // Memory order 0..5, as if it were [[0, 1], [2, 3], [4, 5]]; the transpose's own
            // order, 0 3 1 4 2 5, would give 65.
            assertEquals(70, any.sumFlat(transposed));
            assertEquals(21, any.sumFlat(pinned));
        }
    }

    @Test
    void aParameterDeclaredContiguousOnTheCpuRefusesBothBeforeTheCall() throws Exception {
        LaidOutKernels k = kernels();
        try (Tensor transposed = k.transposed(2, 3); Tensor pinned = k.pinnedOnes(2, 3);
                Arena arena = Arena.ofConfined()) {
            IllegalArgumentException strided = assertThrows(IllegalArgumentException.class,
                    () -> k.sumFlat(transposed));
            assertEquals("sumFlat: parameter x must be float32[r, c] contiguous on cpu but its"
                    + " strides are [1, 3] (float32[3, 2])", strided.getMessage());
            IllegalArgumentException device = assertThrows(IllegalArgumentException.class,
                    () -> k.sumFlat(pinned));
            assertEquals("sumFlat: parameter x must be float32[r, c] contiguous on cpu but is on"
                    + " cuda_host:0 (float32[2, 3])", device.getMessage());
            MemorySegment data = arena.allocateFrom(ValueLayout.JAVA_FLOAT, 0, 1, 2, 3, 4, 5);
            try (Tensor made = Tensor.of(data, DType.FLOAT32, 2, 3)) {
                assertEquals(70, k.sumFlat(made));
            }
        }
    }

    @Test
    void aResultDeclaredOtherwiseIsRefusedOnReturnAndReleased() throws Exception {
        LaidOutKernels.Declared k = LaidOutKernels_DeclaredBinding.load(
                FfiLibraries.of("ffi_types", false));
        FfiTensorFunctions counted = FfiTensorFunctionsBinding.load(FfiLibraries.of("ffi_types",
                false));
        long live = counted.liveTensors();
        IllegalArgumentException strided = assertThrows(IllegalArgumentException.class,
                () -> k.transposed(2, 3));
        assertEquals("transposed: the result must be float32[c, r] contiguous but its strides are"
                + " [1, 3] (float32[3, 2])", strided.getMessage());
        IllegalArgumentException device = assertThrows(IllegalArgumentException.class,
                () -> k.pinnedOnes(2, 3));
        assertEquals("pinnedOnes: the result must be [r, c] on cpu but is on cuda_host:0"
                + " (float32[2, 3])", device.getMessage());
        assertEquals(live, counted.liveTensors());
    }
}
