package dev.tvmbind.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

/** A call's use of scratch memory: structs first, then copies, each aligned, never past what it reserved. */
class ScratchTest {
    private final ScratchPool pool = new ScratchPool();

    @Test
    void structsComeFirstAndCopiesFollowAlignedTo8WithAGuardBetween() {
        Scratch scratch = pool.acquire();
        byte[] three = {1, 2, 3};
        float[] floats = {1.5f, -2f};
        scratch.begin(3, ArrayCopies.size(three) + ArrayCopies.size(floats));
        long inputs = scratch.struct(2);
        long outputs = scratch.struct(1);
        long bytesCopy = scratch.copyIn(three);
        long floatsCopy = scratch.copyIn(floats);
        assertEquals(0, inputs % 16, "the memory is aligned to 16");
        assertEquals(inputs + 16, outputs);
        assertEquals(outputs + 8, bytesCopy);
        assertEquals(bytesCopy + 16, floatsCopy, "3 bytes and an 8-byte guard take 16, so the next"
                + " copy is aligned");
        float[] back = new float[2];
        ArrayCopies.copyBack(scratch, floatsCopy, back);
        assertArrayEquals(floats, back);
        scratch.release();
    }

    /** A 64 MiB call gets memory of its own, freed when it ends: the thread keeps at most 1 MiB. */
    @Test
    void aLargeCallLeavesNoLargeMemoryBehind() {
        Scratch scratch = pool.acquire();
        scratch.begin(1, 100);
        scratch.release();
        long small = scratch.capacity();
        scratch = pool.acquire();
        byte[] large = new byte[64 << 20];
        large[large.length - 1] = 42;
        scratch.begin(1, ArrayCopies.size(large));
        scratch.struct(1);
        long copy = scratch.copyIn(large);
        byte[] back = new byte[large.length];
        ArrayCopies.copyBack(scratch, copy, back);
        assertEquals(42, back[back.length - 1]);
        scratch.release();
        assertEquals(0, scratch.capacity(), "the large call's memory is freed");
        scratch = pool.acquire();
        scratch.begin(1, 100);
        scratch.release();
        assertEquals(small, scratch.capacity());
        scratch = pool.acquire();
        scratch.begin(0, Scratch.KEPT_BYTES);
        scratch.release();
        assertEquals(Scratch.KEPT_BYTES, scratch.capacity(), "up to the bound, memory is kept");
    }

    @Test
    void pointersAreWrittenIntoTheStruct() {
        Scratch scratch = pool.acquire();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment segment = arena.allocate(8);
            scratch.begin(2, ArrayCopies.size(new int[4]));
            long struct = scratch.struct(2);
            long copy = scratch.roomFor(new int[4]);
            scratch.setPointer(struct, 0, copy);
            scratch.setPointer(struct, 1, segment);
            long[] members = new long[2];
            ArrayCopies.copyBack(scratch, struct, members);
            assertArrayEquals(new long[] {copy, segment.address()}, members);
        } finally {
            scratch.release();
        }
    }

    /** Encoded in place, as String.getBytes encodes: every UTF-8 length, a pair, a lone surrogate. */
    @Test
    void stringsAreEncodedInPlaceAndEndInNul() {
        for (String text : new String[] {"", "héllo", "€ and 𝄞", "lone \ud800 surrogate", "x".repeat(5000)}) {
            Scratch scratch = pool.acquire();
            long size = Utf8.size(text, "s");
            byte[] expected = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            assertEquals(expected.length, size, text);
            scratch.begin(0, Utf8.room(size));
            long copy = scratch.copyInString(text, size);
            byte[] back = new byte[expected.length + 1];
            ArrayCopies.copyBack(scratch, copy, back);
            assertEquals(0, back[expected.length]);
            assertEquals(java.util.Arrays.toString(expected),
                    java.util.Arrays.toString(java.util.Arrays.copyOf(back, expected.length)), text);
            assertEquals(-1, scratch.overrunCopy());
            scratch.release();
        }
        assertThrows(IllegalArgumentException.class, () -> Utf8.size("a\0b", "s"));
    }

    /** C writing one byte past a copy overwrites its guard; the guard sits right after the data. */
    @Test
    void aWritePastACopyIsFoundInItsGuard() {
        Scratch scratch = pool.acquire();
        byte[] three = {1, 2, 3};
        int[] two = {1, 2};
        scratch.begin(0, ArrayCopies.size(three) + ArrayCopies.size(two));
        long first = scratch.copyIn(three);
        long second = scratch.roomFor(two);
        assertEquals(-1, scratch.overrunCopy());
        MemorySegment.ofAddress(second).reinterpret(9).set(ValueLayout.JAVA_BYTE, 8, (byte) 0);
        assertEquals(1, scratch.overrunCopy(), "the second copy's guard");
        MemorySegment.ofAddress(first).reinterpret(4).set(ValueLayout.JAVA_BYTE, 3, (byte) 0);
        assertEquals(0, scratch.overrunCopy(), "the first copy's guard, one byte past its end");
        scratch.release();
    }

    @Test
    void takingMoreThanWasReservedThrowsBeforeCGetsTheAddress() {
        Scratch scratch = pool.acquire();
        scratch.begin(1, 0);
        long[] large = new long[1024];
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> scratch.roomFor(large));
        assertEquals("scratch memory overrun: 8200 of 256 bytes", e.getMessage());
        scratch.release();
    }

    @Test
    void memoryGrowsForALargerCall() {
        Scratch scratch = pool.acquire();
        scratch.begin(1, 0);
        scratch.struct(1);
        double[] large = new double[1 << 17];
        large[large.length - 1] = 7.25;
        scratch.begin(0, ArrayCopies.size(large));
        long copy = scratch.copyIn(large);
        double[] back = new double[large.length];
        ArrayCopies.copyBack(scratch, copy, back);
        assertEquals(7.25, back[back.length - 1]);
        scratch.release();
    }
}
