package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.DType;
import dev.tvmbind.runtime.ModelInfo;
import dev.tvmbind.runtime.internal.Descriptions;
import dev.tvmbind.runtime.TvmException;
import dev.tvmbind.runtime.TvmModels;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** TVM's run function with inputs, outputs, pools and devices, through generated bindings. */
class TensorsTest {
    static final Tensors TENSORS = TvmModels.load(Tensors.class, NativeLibraries.of("tensors"));
    static final Outer.Checked CHECKED = TvmModels.load(Outer.Checked.class, NativeLibraries.of("checked"));

    Arena arena;
    MemorySegment npu;
    MemorySegment sram;
    MemorySegment bias;
    MemorySegment sum;

    @BeforeEach
    void allocate() {
        arena = Arena.ofConfined();
        npu = arena.allocateFrom(ValueLayout.JAVA_INT, 0);
        sram = arena.allocate(32);
        bias = arena.allocateFrom(ValueLayout.JAVA_FLOAT, 10, 20, 30, 40);
        sum = arena.allocate(8);
    }

    @AfterEach
    void free() {
        arena.close();
    }

    @Test
    void everyStructReachesTheModel() {
        float[] x = {1, 2, 3, 4};
        float[] y = new float[4];
        assertEquals(0, TENSORS.infer(npu, x, y, sram, bias, sum));
        assertArrayEquals(new float[] {11, 22, 33, 44}, y);
        assertEquals(110.0, sum.get(ValueLayout.JAVA_DOUBLE, 0));
        for (long k = 0; k < 32; k++) {
            assertEquals((byte) 0x5a, sram.get(ValueLayout.JAVA_BYTE, k), "pool byte " + k);
        }
        assertArrayEquals(new float[] {1, 2, 3, 4}, x, "inputs are not written back");
    }

    @Test
    void statusIsReturnedByAnIntRunFunction() {
        npu.set(ValueLayout.JAVA_INT, 0, -17);
        assertEquals(-17, TENSORS.infer(npu, new float[4], new float[4], sram, bias, sum));
    }

    @Test
    void nonZeroStatusOfAVoidRunFunctionThrows() {
        int[] out = new int[2];
        CHECKED.run(new int[] {3, 4}, out);
        assertArrayEquals(new int[] {6, 8}, out);
        TvmException e = assertThrows(TvmException.class, () -> CHECKED.run(new int[] {-5, 1}, out));
        assertEquals("acme_checked_run", e.symbol());
        assertEquals(-5, e.status());
        assertEquals("acme_checked_run returned status -5", e.getMessage());
        assertArrayEquals(new int[] {6, 8}, out, "a failed run leaves the outputs as they were");
    }

    @Test
    void tooSmallArrayFailsBeforeTheCall() {
        int runs = TENSORS.runs();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TENSORS.infer(npu, new float[3], new float[4], sram, bias, sum));
        assertEquals("input 'x:0' (x) holds 16 bytes; the float[] has 3 elements, 12 bytes", e.getMessage());
        assertEquals(runs, TENSORS.runs(), "the model was not called");
    }

    @Test
    void arrayOfAnotherLengthThanItsShapeFailsBeforeTheCall() {
        int runs = TENSORS.runs();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TENSORS.infer(npu, new float[4], new float[5], sram, bias, sum));
        assertEquals("output 'y' (y) holds 16 bytes (float32 [1, 4], 4 elements); the float[] has 5"
                + " elements, 20 bytes", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> TENSORS.infer(npu, new float[4], new float[3], sram, bias, sum));
        assertEquals("output 'y' (y) holds 16 bytes (float32 [1, 4], 4 elements); the float[] has 3"
                + " elements, 12 bytes", e.getMessage());
        assertEquals(runs, TENSORS.runs(), "the model was not called");
    }

    @Test
    void segmentSmallerThanItsShapeFailsBeforeTheCall() {
        int runs = TENSORS.runs();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TENSORS.infer(npu, new float[4], new float[4], sram, bias.asSlice(0, 12), sum));
        assertEquals("input 'bias' (bias) needs 16 bytes, the segment has 12", e.getMessage());
        assertEquals(runs, TENSORS.runs());
    }

    @Test
    void theModelDescribesItself() {
        ModelInfo info = TvmModels.info(Tensors.class);
        assertEquals(TensorsBinding.INFO, info);
        assertEquals("tensors", info.name());
        assertEquals("tvmgen", info.prefix());
        assertEquals("tvmgen_tensors", info.cName());
        assertEquals("tvmgen_tensors.h", info.header());
        assertEquals(List.of("tvmgen_tensors_run", "tvmgen_tensors_runs"), info.symbols());
        assertEquals(Optional.of("tvmgen_tensors_runs"), info.symbol("runs"));
        assertEquals(Optional.empty(), info.symbol("walk"));
        assertEquals(64, info.workspaceSize());
        assertEquals(List.of(Descriptions.input("x:0", "x", "float[]").member("x_0").dtype(DType.FLOAT32).bytes(16).build(),
                Descriptions.input("bias", "bias", "MemorySegment").dtype(DType.FLOAT32).shape(4).bytes(16).build()), info.inputs());
        assertEquals(List.of(Descriptions.output("y", "y", "float[]").dtype(DType.FLOAT32).shape(1, 4).bytes(16).build(),
                Descriptions.output("sum", "sum", "MemorySegment").bytes(8).build()), info.outputs());
        assertEquals(Optional.of(DType.FLOAT32), info.inputs().getFirst().dtype());
        assertEquals(List.of(Descriptions.workspacePool("sram", "sram", "MemorySegment").bytes(32).build()), info.workspacePools());
        assertEquals(List.of(Descriptions.device("npu", "npu", "MemorySegment").build()), info.devices());
        assertEquals(OptionalLong.of(4), info.outputs().getFirst().elementCount());
        // Unknown is always an empty Optional: no shape, no element count.
        assertEquals(OptionalLong.empty(), info.outputs().getLast().elementCount());
        assertEquals(Optional.empty(), info.outputs().getLast().shape());
        assertEquals(OptionalLong.empty(), info.devices().getFirst().bytes());
        assertEquals(Optional.empty(), info.devices().getFirst().dtype());
    }

    @Test
    void tooSmallSegmentFailsBeforeTheCall() {
        int runs = TENSORS.runs();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TENSORS.infer(npu, new float[4], new float[4], sram, bias, sum.asSlice(0, 4)));
        assertEquals("output 'sum' (sum) needs 8 bytes, the segment has 4", e.getMessage());
        assertEquals(runs, TENSORS.runs());
    }

    @Test
    void readOnlyOutputFailsBeforeTheCall() {
        int runs = TENSORS.runs();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TENSORS.infer(npu, new float[4], new float[4], sram, bias, sum.asReadOnly()));
        assertEquals("output 'sum' (sum) is read-only, but the model writes it", e.getMessage());
        assertEquals(runs, TENSORS.runs());
    }

    @Test
    void heapOrNullSegmentFailsBeforeTheCall() {
        int runs = TENSORS.runs();
        IllegalArgumentException heap = assertThrows(IllegalArgumentException.class,
                () -> TENSORS.infer(npu, new float[4], new float[4], sram,
                        MemorySegment.ofArray(new float[4]), sum));
        assertTrue(heap.getMessage().startsWith("input 'bias' (bias) is a heap segment"), heap.getMessage());
        IllegalArgumentException nullSegment = assertThrows(IllegalArgumentException.class,
                () -> TENSORS.infer(MemorySegment.NULL, new float[4], new float[4], sram, bias, sum));
        assertTrue(nullSegment.getMessage().startsWith("device 'npu' (npu) is MemorySegment.NULL"),
                nullSegment.getMessage());
        assertEquals(runs, TENSORS.runs());
    }

    /**
     * The tensor's address goes to C inside a struct, where FFM cannot check it: 8 MiB are
     * unmapped when their arena closes, so without the binding's check this call crashes the JVM.
     */
    @Test
    void closedArenaSegmentFailsBeforeTheCall() {
        int runs = TENSORS.runs();
        Arena closed = Arena.ofConfined();
        MemorySegment freed = closed.allocate(8 << 20);
        closed.close();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> TENSORS.infer(npu, new float[4], new float[4], sram, freed, sum));
        assertEquals("input 'bias' (bias) is a segment of an arena that is already closed",
                e.getMessage());
        assertEquals(runs, TENSORS.runs(), "the model was not called");
    }

    @Test
    void segmentOfAnotherThreadsArenaFailsBeforeTheCall() throws InterruptedException {
        int runs = TENSORS.runs();
        Throwable[] thrown = new Throwable[1];
        Thread other = Thread.ofPlatform().start(() -> {
            try {
                TENSORS.infer(npu, new float[4], new float[4], sram, bias, sum);
            } catch (Throwable t) {
                thrown[0] = t;
            }
        });
        other.join();
        assertTrue(thrown[0] instanceof WrongThreadException, String.valueOf(thrown[0]));
        assertTrue(thrown[0].getMessage().startsWith(
                "device 'npu' (npu) is a segment of an arena confined to another thread"),
                thrown[0].getMessage());
        assertEquals(runs, TENSORS.runs());
    }

    @Test
    void nullFailsBeforeTheCall() {
        int runs = TENSORS.runs();
        NullPointerException array = assertThrows(NullPointerException.class,
                () -> TENSORS.infer(npu, new float[4], null, sram, bias, sum));
        assertEquals("y", array.getMessage());
        NullPointerException segment = assertThrows(NullPointerException.class,
                () -> TENSORS.infer(npu, new float[4], new float[4], null, bias, sum));
        assertEquals("sram", segment.getMessage());
        assertEquals(runs, TENSORS.runs());
    }
}
