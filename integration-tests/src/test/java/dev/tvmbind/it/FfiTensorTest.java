package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.DType;
import dev.tvmbind.runtime.ffi.DLDataType;
import dev.tvmbind.runtime.ffi.SchemaMismatchError;
import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.ffi.TvmFfiException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Tensors both ways ({@link FfiTensorFunctions}): {@code tvm::ffi::Tensor} parameters get an
 * {@code ffi.Tensor} object whose deleter is C's {@code free}; tensors a function allocates are
 * Java's, released once on {@code close()} or by the garbage collector (the test library counts
 * its allocations); data types beyond {@code DType}.
 */
class FfiTensorTest {
    private static FfiTensorFunctions tensors;

    @BeforeAll
    static void load() throws Exception {
        tensors = FfiTensorFunctionsBinding.load(FfiLibraries.of("ffi_types", false));
    }

    private static Tensor floats(Arena arena, float... values) {
        return Tensor.of(arena.allocateFrom(ValueLayout.JAVA_FLOAT, values), DType.FLOAT32,
                values.length);
    }

    @Test
    void anOwnedParameterTakesAnObjectMadeForTheCall() {
        try (Arena arena = Arena.ofConfined(); Tensor x = floats(arena, 1, 2, 3, 4, 5)) {
            assertEquals(15f, tensors.sumOwned(x));
            assertEquals(15f, tensors.sumFloats(x));
        }
    }

    @Test
    void aFunctionKeepsAnOwnedTensorPastTheCallAndDropsItOnAThreadOfItsOwn() {
        try (Arena arena = Arena.ofShared()) {
            Tensor x = floats(arena, 1, 2, 3);
            assertTrue(tensors.keep(x) >= 2, "the library holds a reference besides the call's");
            x.close();
            // The object lives on in the library; its data is still the open arena's.
            assertEquals(6f, tensors.sumKept());
            // The last reference goes on a thread the JVM does not know: free, not Java, runs.
            tensors.dropKeptElsewhere();
        }
    }

    @Test
    void aReturnedTensorIsJavasUntilClosed() {
        long live = tensors.liveTensors();
        Tensor made = tensors.iota(5);
        assertEquals(live + 1, tensors.liveTensors());
        assertEquals(Optional.of(DType.FLOAT32), made.dtype());
        assertArrayEquals(new long[] {5}, made.shape());
        assertArrayEquals(new float[] {0, 1, 2, 3, 4},
                made.data().toArray(ValueLayout.JAVA_FLOAT));
        // Passed back: as a DLTensor* inside the object, and as the object itself.
        assertEquals(10f, tensors.sumFloats(made));
        assertEquals(10f, tensors.sumOwned(made));
        MemorySegment data = made.data();
        // The unchecked door: the same bytes, without the view's arena, refused once closed.
        MemorySegment unchecked = made.uncheckedData();
        assertEquals(data.address(), unchecked.address());
        assertEquals(data.byteSize(), unchecked.byteSize());
        assertArrayEquals(new float[] {0, 1, 2, 3, 4}, unchecked.toArray(ValueLayout.JAVA_FLOAT));
        made.close();
        made.close();
        assertEquals(live, tensors.liveTensors());
        assertThrows(IllegalStateException.class, () -> data.get(ValueLayout.JAVA_FLOAT, 0));
        assertEquals("Tensor[float32 [5]] is closed",
                assertThrows(IllegalStateException.class, made::uncheckedData).getMessage());
        IllegalStateException closed = assertThrows(IllegalStateException.class,
                () -> tensors.sumFloats(made));
        assertEquals("x is a closed tensor", closed.getMessage());
    }

    @Test
    void theGarbageCollectorReleasesReturnedTensorsNobodyClosed() throws Exception {
        long live = tensors.liveTensors();
        for (int i = 0; i < 1_000; i++) {
            tensors.iota(16);
        }
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (tensors.liveTensors() > live && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(20);
        }
        assertEquals(live, tensors.liveTensors());
    }

    /**
     * A returned tensor's {@code data()} is one thread's, the first to ask; another thread reads
     * it through {@code data(arena)}, whose segment keeps TVM's memory past the tensor's close;
     * a close on a thread other than the reader's leaves the reader's view valid, and TVM's
     * object is released once view and tensor are unreachable.
     */
    @Test
    void aReturnedTensorsDataIsOneThreadsOrAnArenas() throws Exception {
        long live = tensors.liveTensors();
        Tensor made = tensors.iota(4);
        MemorySegment mine = made.data();
        WrongThreadException wrong = assertThrows(WrongThreadException.class,
                () -> onAnotherThread(made::data));
        assertTrue(wrong.getMessage().startsWith("Tensor[float32 [4]]'s data() belongs to thread"
                + " \"" + Thread.currentThread().getName() + "\""), wrong.getMessage());
        try (Arena shared = Arena.ofShared()) {
            MemorySegment theirs = onAnotherThread(() -> made.data(shared));
            made.close();
            assertThrows(IllegalStateException.class, () -> mine.get(ValueLayout.JAVA_FLOAT, 0));
            assertEquals(live + 1, tensors.liveTensors(), "the arena's reference holds it");
            assertEquals(3f, onAnotherThread(() -> theirs.getAtIndex(ValueLayout.JAVA_FLOAT, 3)));
            assertThrows(IllegalStateException.class, () -> made.data(shared));
        }
        assertEquals(live, tensors.liveTensors());

        MemorySegment view = aViewOfATensorClosedElsewhere();
        assertEquals(2f, view.getAtIndex(ValueLayout.JAVA_FLOAT, 2), "still valid: not released");
        assertEquals(live + 1, tensors.liveTensors());
        view = null;
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (tensors.liveTensors() > live && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(20);
        }
        assertEquals(live, tensors.liveTensors());
    }

    /** This thread's view of a tensor another thread closed; the tensor itself unreachable. */
    private static MemorySegment aViewOfATensorClosedElsewhere() throws Exception {
        Tensor made = tensors.iota(4);
        MemorySegment view = made.data();
        onAnotherThread(() -> {
            made.close();
            return null;
        });
        return view;
    }

    private static <T> T onAnotherThread(java.util.concurrent.Callable<T> task) throws Exception {
        try (var thread = java.util.concurrent.Executors.newSingleThreadExecutor()) {
            return thread.submit(task).get();
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw e;
        }
    }

    @Test
    void aTensorReturnedOverJavaMemoryIsThatMemory() {
        try (Arena arena = Arena.ofConfined(); Tensor x = floats(arena, 7, 8)) {
            try (Tensor same = tensors.same(x)) {
                assertEquals(x.data().address(), same.data().address());
                assertEquals(8f, same.data().getAtIndex(ValueLayout.JAVA_FLOAT, 1));
            }
        }
    }

    /**
     * A returned tensor's shape and size, whichever reader took it: the fast ones (a vector;
     * contiguous dimensions of a scalar type) or the general one (no dimension, a data type
     * beyond the scalars, a dimension past the fast bound).
     */
    @Test
    void everyShapeComesBackAsItWasMade() {
        long[][] shapes = {{}, {3}, {0}, {2, 3}, {1, 1, 4}, {2, 0, 4}, {1L << 31, 0}};
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment bytes = arena.allocate(64);
            for (long[] shape : shapes) {
                for (DLDataType type : new DLDataType[] {DLDataType.of(DType.FLOAT32),
                        DLDataType.BFLOAT16}) {
                    try (Tensor made = Tensor.of(bytes, type, shape);
                            Tensor back = tensors.same(made)) {
                        String what = type + java.util.Arrays.toString(shape);
                        assertArrayEquals(shape, back.shape(), what);
                        assertEquals(type, back.dataType(), what);
                        long elements = java.util.Arrays.stream(shape).reduce(1, (a, b) -> a * b);
                        assertEquals(type.bytes(elements), back.data().byteSize(), what);
                    }
                }
            }
        }
    }

    @Test
    void dataTypesBeyondDType() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment bytes = arena.allocate(64);
            assertEquals("bfloat16[2,3]", tensors.describe(Tensor.of(bytes, DLDataType.BFLOAT16,
                    2, 3)));
            assertEquals("float8_e4m3fn[8]", tensors.describe(Tensor.of(bytes,
                    DLDataType.FLOAT8_E4M3FN, 8)));
            Tensor vectors = Tensor.of(bytes, new DLDataType(2, 32, 4), 4);
            assertEquals("float32x4[4]", tensors.describe(vectors));
            assertEquals(Optional.empty(), vectors.dtype());
            assertEquals("float32x4", vectors.dataType().toString());
            IllegalArgumentException small = assertThrows(IllegalArgumentException.class,
                    () -> Tensor.of(bytes, DLDataType.BFLOAT16, 33));
            assertEquals("a bfloat16 tensor of shape [33] needs 66 bytes; the segment has 64",
                    small.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> new DLDataType(2, 0, 1));
    }

    /**
     * Owned objects are made and released exactly once: 200,000 calls that make one each leave
     * C's heap where it was, give or take the JIT's own memory (each object and its DLPack struct
     * take over 150 bytes: a leak would keep 30 MB).
     */
    @Test
    void everyObjectMadeForACallIsFreed() throws Throwable {
        try (Arena arena = Arena.ofConfined(); Tensor x = floats(arena, 1, 2)) {
            NativeHeap.assertFreed(200_000, () -> assertEquals(3f, tensors.sumOwned(x)));
        }
    }

    @Test
    void aViewWhereTheFunctionTakesAnObjectIsRefusedAtLoadOrByTheCallee() throws Exception {
        Path checked = FfiLibraries.of("ffi_types", true);
        SchemaMismatchError e = assertThrows(SchemaMismatchError.class,
                () -> FfiTensorMistakeBinding.load(checked));
        assertTrue(e.getMessage().endsWith("FfiTensorMistake.float sumOwned(Tensor x) does not"
                + " match __tvm_ffi_sum_owned: argument 0 is ffi.Tensor in TVM's schema"
                + " [ffi.Tensor] -> float, Tensor in the method"), e.getMessage());
        FfiTensorFunctionsBinding.load(checked);
        FfiTensorMistake unchecked = FfiTensorMistakeBinding.load(FfiLibraries.of("ffi_types",
                false));
        try (Arena arena = Arena.ofConfined(); Tensor x = floats(arena, 1)) {
            TvmFfiException raised = assertThrows(TvmFfiException.class,
                    () -> unchecked.sumOwned(x));
            assertEquals("TypeError", raised.kind());
        }
    }
}
