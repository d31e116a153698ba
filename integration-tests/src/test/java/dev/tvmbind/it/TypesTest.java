package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every type of README's table of Java and C types through a generated binding and back. */
class TypesTest {
    static final Types TYPES = TypesBinding.load(NativeLibraries.of("types"));

    @BeforeEach
    void resetCounter() {
        TYPES.resetCalls();
    }

    @Test
    void integers() {
        assertEquals((byte) -127, TYPES.negateByte((byte) 127));
        assertEquals(Byte.MIN_VALUE, TYPES.negateByte(Byte.MIN_VALUE));
        assertEquals((short) -32767, TYPES.negateShort(Short.MAX_VALUE));
        assertEquals(Short.MIN_VALUE, TYPES.negateShort(Short.MIN_VALUE));
        assertEquals(-Integer.MAX_VALUE, TYPES.negateInt(Integer.MAX_VALUE));
        assertEquals(Integer.MIN_VALUE, TYPES.negateInt(Integer.MIN_VALUE));
        assertEquals(-Long.MAX_VALUE, TYPES.negateLong(Long.MAX_VALUE));
        assertEquals(Long.MIN_VALUE, TYPES.negateLong(Long.MIN_VALUE));
        assertEquals(Long.MAX_VALUE - 1 + Integer.MIN_VALUE + Short.MIN_VALUE + Byte.MIN_VALUE,
                TYPES.add(Long.MAX_VALUE - 1, Integer.MIN_VALUE, Short.MIN_VALUE, Byte.MIN_VALUE));
    }

    @Test
    void floatingPoint() {
        assertEquals(-1.5f, TYPES.negateFloat(1.5f));
        assertTrue(Float.isNaN(TYPES.negateFloat(Float.NaN)));
        assertEquals(Float.floatToRawIntBits(-0.0f), Float.floatToRawIntBits(TYPES.negateFloat(0.0f)));
        assertEquals(Float.NEGATIVE_INFINITY, TYPES.negateFloat(Float.POSITIVE_INFINITY));
        assertEquals(-Double.MAX_VALUE, TYPES.negateDouble(Double.MAX_VALUE));
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(TYPES.negateDouble(-0.0)));
        assertEquals(-Double.MIN_VALUE, TYPES.negateDouble(Double.MIN_VALUE));
        assertEquals(2.5f * 4.0 + 7, TYPES.mix(2.5f, 4.0, 7));
    }

    @Test
    void booleansAndChars() {
        assertFalse(TYPES.not(true));
        assertTrue(TYPES.not(false));
        assertEquals('b', TYPES.nextChar('a'));
        assertEquals('\u0000', TYPES.nextChar('\uffff'));
        assertEquals('\ue001', TYPES.nextChar('\ue000'));
    }

    @Test
    void segments() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ints = arena.allocateFrom(ValueLayout.JAVA_INT, 10, 20, 30);
            MemorySegment second = TYPES.offset(ints, 4);
            assertEquals(ints.address() + 4, second.address());
            assertEquals(0, second.byteSize(), "returned segments have size 0");
            assertEquals(20, TYPES.peek(second));
            assertEquals(0, TYPES.offset(MemorySegment.NULL, 0).address());
        }
    }

    @Test
    void strings() {
        assertEquals(0, TYPES.utf8Length(""));
        assertEquals(5, TYPES.utf8Length("hello"));
        String text = "Grüße, 世界 🐈";
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        assertEquals(utf8.length, TYPES.utf8Length(text));
        int sum = 0;
        for (byte b : utf8) {
            sum += b & 0xff;
        }
        assertEquals(sum, TYPES.byteSum(text));
        assertEquals(utf8.length, TYPES.criticalLength(text));
        String longText = "x".repeat(100_000);
        assertEquals(100_000, TYPES.utf8Length(longText), "scratch memory grows");
        assertEquals(1, TYPES.utf8Length("y"), "and still serves small calls");
    }

    @Test
    void arraysAreCopiedInAndBack() {
        byte[] b = {1, 2, 127};
        short[] s = {10, 20, 30};
        char[] c = {'a', 'b', '\uffff'};
        int[] i = {100, 200, Integer.MAX_VALUE};
        long[] l = {1000, 2000, 3000};
        float[] f = {0.5f, 1.5f, 2.5f};
        double[] d = {0.25, 0.5, 0.75};
        TYPES.increment(b, s, c, i, l, f, d, 3);
        assertArrayEquals(new byte[] {2, 4, -126}, b);
        assertArrayEquals(new short[] {11, 22, 33}, s);
        assertArrayEquals(new char[] {'b', 'd', '\u0002'}, c);
        assertArrayEquals(new int[] {101, 202, Integer.MIN_VALUE + 2}, i);
        assertArrayEquals(new long[] {1001, 2002, 3003}, l);
        assertArrayEquals(new float[] {1.5f, 3.5f, 5.5f}, f);
        assertArrayEquals(new double[] {1.25, 2.5, 3.75}, d);
    }

    @Test
    void criticalArraysAreNotCopied() {
        int[] values = new int[1000];
        for (int k = 0; k < values.length; k++) {
            values[k] = k;
        }
        assertEquals(499_500L, TYPES.sumCritical(values, values.length));
        float[] scaled = {1, 2, 3};
        TYPES.scaleCritical(scaled, 3, -2);
        assertArrayEquals(new float[] {-2, -4, -6}, scaled);
    }

    @Test
    void nullArgumentsFailBeforeTheCall() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> TYPES.utf8Length(null));
        assertEquals("text", e.getMessage());
        e = assertThrows(NullPointerException.class,
                () -> TYPES.increment(new byte[1], new short[1], null, new int[1], new long[1],
                        new float[1], new double[1], 1));
        assertEquals("c", e.getMessage());
        e = assertThrows(NullPointerException.class, () -> TYPES.sumCritical(null, 0));
        assertEquals("values", e.getMessage());
        e = assertThrows(NullPointerException.class, () -> TYPES.peek(null));
        assertEquals("address", e.getMessage());
        assertEquals(0, TYPES.calls(), "no native function was called");
    }

    @Test
    void stringWithNulFailsBeforeTheCall() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TYPES.utf8Length("a\0b"));
        assertTrue(e.getMessage().startsWith("text contains a NUL character"), e.getMessage());
        assertEquals(0, TYPES.calls());
    }

    @Test
    void heapSegmentForAPointerOfAPlainFunctionFailsBeforeTheCall() {
        assertThrows(IllegalArgumentException.class,
                () -> TYPES.peek(MemorySegment.ofArray(new int[1])));
        assertEquals(0, TYPES.calls());
    }

    @Test
    void closedOrForeignSegmentOfAPlainFunctionFailsNamingTheParameter() throws Exception {
        Arena closed = Arena.ofConfined();
        MemorySegment freed = closed.allocate(4);
        closed.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> TYPES.peek(freed));
        assertEquals("address is a segment of an arena that is already closed", e.getMessage());
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment owned = arena.allocate(4);
            Throwable[] thrown = new Throwable[1];
            Thread other = Thread.ofPlatform().start(() -> {
                try {
                    TYPES.offset(owned, 0);
                } catch (Throwable t) {
                    thrown[0] = t;
                }
            });
            other.join();
            assertTrue(thrown[0] instanceof WrongThreadException, String.valueOf(thrown[0]));
            assertTrue(thrown[0].getMessage().startsWith("base is a segment of an arena confined to"
                    + " another thread"), thrown[0].getMessage());
        }
        assertEquals(0, TYPES.calls());
    }

    @Test
    void constants() {
        assertEquals("tvmgen_types.h", TypesBinding.HEADER);
        assertEquals("tvmgen_types_negate_byte", TypesBinding.SYMBOL_NEGATE_BYTE);
        assertEquals("tvmgen_types_utf8_length", TypesBinding.SYMBOL_UTF8_LENGTH);
    }
}
