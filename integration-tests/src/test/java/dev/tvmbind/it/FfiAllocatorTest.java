package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.ffi.TvmFfiException;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Kernels that allocate: {@code Tensor::FromEnvAlloc(TVMFFIEnvTensorAlloc, …)} raises
 * {@code RuntimeError} unless the host installed an allocator; tvmbind installs one when a binding
 * links {@code libtvm_ffi}, and the tensors come back to Java as its own.
 */
class FfiAllocatorTest {
    private static FfiTensorFunctions tensors;

    @BeforeAll
    static void load() throws Exception {
        tensors = FfiTensorFunctionsBinding.load(FfiLibraries.of("ffi_types", false));
    }

    @Test
    void aKernelAllocatesThroughTheHostAndJavaOwnsTheTensor() {
        try (Tensor ones = tensors.ones(5)) {
            assertArrayEquals(new float[] {1, 1, 1, 1, 1},
                    ones.data().toArray(ValueLayout.JAVA_FLOAT));
            assertEquals(0, tensors.alignmentOf(ones), "data aligned to 64 bytes");
            assertArrayEquals(new long[] {5}, ones.shape());
        }
    }

    @Test
    void onAThreadTheJvmDoesNotKnow() {
        try (Tensor ones = tensors.onesElsewhere(3)) {
            assertEquals(3f, ones.data().getAtIndex(ValueLayout.JAVA_FLOAT, 2) * 3);
        }
    }

    @Test
    void aDeviceTheHostCannotAllocateOnIsTheKernelsError() {
        TvmFfiException e = assertThrows(TvmFfiException.class, () -> tensors.onTheGpu(4));
        assertEquals("RuntimeError", e.kind());
        assertEquals("tvmbind's host allocator allocates CPU tensors only, not tensors of DLPack"
                + " device type 2", e.errorMessage());
    }

    /**
     * Each tensor is one malloc'ed block freed by its DLPack deleter: 100,000 allocated and
     * closed leave C's heap where it was (a leak would keep over 200 bytes of each, 20 MB).
     */
    @Test
    void everyAllocationIsFreedOnce() throws Throwable {
        NativeHeap.assertFreed(100_000, () -> {
            try (Tensor ones = tensors.ones(16)) {
                assertEquals(1f, ones.data().getAtIndex(ValueLayout.JAVA_FLOAT, 15));
            }
        });
    }
}
