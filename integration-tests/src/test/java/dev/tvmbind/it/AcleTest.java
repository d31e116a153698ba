package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code platform/acle/arm_acle.h}, the DSP intrinsics TVM's Cortex-M schedules call, built for
 * this host, bit for bit against the ACLE specification's pseudo-code written here in Java, on
 * edge values (signs, saturation bounds, byte and halfword boundaries) and 20,000 random ones.
 */
class AcleTest {
    private static final int[] EDGES = {0, 1, -1, 0x7F, 0x80, 0xFF, 0x7FFF, 0x8000, 0xFFFF, 0x10000,
        Integer.MAX_VALUE, Integer.MIN_VALUE, 0x80808080, 0x7F7F7F7F, 0x00800080, 0x80008000,
        0x7FFF7FFF, 0x01FF01FF, 0xFF00FF00, 0x12345678};
    private static final int RANDOM = 20_000;

    private static Arena arena;
    private static SymbolLookup acle;

    @BeforeAll
    @SuppressWarnings("restricted")
    static void load() {
        arena = Arena.ofShared();
        acle = SymbolLookup.libraryLookup(NativeLibraries.of("acle"), arena)
                .or(SymbolLookup.libraryLookup(NativeLibraries.of("acle_cmsis"), arena));
    }

    @AfterAll
    static void unload() {
        arena.close();
    }

    @SuppressWarnings("restricted")
    private static MethodHandle function(String name, int arguments) {
        MemoryLayout[] ints = new MemoryLayout[arguments];
        java.util.Arrays.fill(ints, ValueLayout.JAVA_INT);
        return Linker.nativeLinker().downcallHandle(acle.find(name).orElseThrow(),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ints));
    }

    /** The edge values, then random ones from a fixed seed. */
    private static List<Integer> values(long seed) {
        List<Integer> values = new ArrayList<>();
        for (int edge : EDGES) {
            values.add(edge);
        }
        Random random = new Random(seed);
        for (int i = 0; i < RANDOM; i++) {
            values.add(random.nextInt());
        }
        return values;
    }

    private static int sext8(int x) {
        return (byte) x;
    }

    private static int sext16(int x) {
        return (short) x;
    }

    // The ACLE pseudo-code, one operation a method.
    private static int sxtb16(int x) {
        return (sext8(x) & 0xFFFF) | (sext8(x >>> 16) << 16);
    }

    private static int smlad(int x, int y, int acc) {
        return acc + sext16(x) * sext16(y) + sext16(x >>> 16) * sext16(y >>> 16);
    }

    /** SSUB8's result, and its GE flags in bits 32 to 35. */
    private static long ssub8(int a, int b) {
        long result = 0;
        for (int i = 0; i < 4; i++) {
            int diff = sext8(a >>> (8 * i)) - sext8(b >>> (8 * i));
            result |= (long) (diff & 0xFF) << (8 * i);
            if (diff >= 0) {
                result |= 1L << (32 + i);
            }
        }
        return result;
    }

    private static int sel(int ge, int x, int y) {
        int result = 0;
        for (int i = 0; i < 4; i++) {
            result |= ((ge >>> i & 1) == 1 ? x : y) & (0xFF << (8 * i));
        }
        return result;
    }

    private static int ssat(int x, int bits) {
        long max = (1L << (bits - 1)) - 1;
        long min = -(1L << (bits - 1));
        return (int) Math.max(min, Math.min(max, x));
    }

    @Test
    void sxtb16AndItsCmsisSpelling() throws Throwable {
        MethodHandle acleSxtb16 = function("acle_sxtb16", 1);
        MethodHandle cmsis = function("acle_cmsis_sxtb16", 1);
        for (int x : values(1)) {
            assertEquals(sxtb16(x), (int) acleSxtb16.invokeExact(x), Integer.toHexString(x));
            assertEquals(sxtb16(x), (int) cmsis.invokeExact(x), Integer.toHexString(x));
        }
    }

    @Test
    void multiplyAccumulates() throws Throwable {
        MethodHandle acleSmlad = function("acle_smlad", 3);
        MethodHandle cmsis = function("acle_cmsis_smlad", 3);
        MethodHandle smlabb = function("acle_smlabb", 3);
        MethodHandle smlatt = function("acle_smlatt", 3);
        List<Integer> xs = values(2);
        List<Integer> ys = values(3);
        List<Integer> accs = values(4);
        for (int i = 0; i < xs.size(); i++) {
            int x = xs.get(i);
            int y = ys.get((i * 7) % ys.size());
            int acc = accs.get((i * 13) % accs.size());
            String at = Integer.toHexString(x) + " " + Integer.toHexString(y) + " " + acc;
            assertEquals(smlad(x, y, acc), (int) acleSmlad.invokeExact(x, y, acc), at);
            assertEquals(smlad(x, y, acc), (int) cmsis.invokeExact(x, y, acc), at);
            assertEquals(acc + sext16(x) * sext16(y), (int) smlabb.invokeExact(x, y, acc), at);
            assertEquals(acc + sext16(x >>> 16) * sext16(y >>> 16), (int) smlatt.invokeExact(x, y, acc),
                    at);
        }
    }

    @Test
    void ssub8AndTheSelectionByItsFlags() throws Throwable {
        MethodHandle acleSsub8 = function("acle_ssub8", 2);
        MethodHandle ssub8Sel = function("acle_ssub8_sel", 4);
        MethodHandle cmsis = function("acle_cmsis_ssub8_sel", 4);
        List<Integer> as = values(5);
        List<Integer> bs = values(6);
        for (int i = 0; i < as.size(); i++) {
            int a = as.get(i);
            int b = bs.get((i * 11) % bs.size());
            long expected = ssub8(a, b);
            String at = Integer.toHexString(a) + " " + Integer.toHexString(b);
            assertEquals((int) expected, (int) acleSsub8.invokeExact(a, b), at);
            int selected = sel((int) (expected >>> 32), 0x11223344, 0xAABBCCDD);
            assertEquals(selected, (int) ssub8Sel.invokeExact(a, b, 0x11223344, 0xAABBCCDD), at);
            assertEquals(selected, (int) cmsis.invokeExact(a, b, 0x11223344, 0xAABBCCDD), at);
        }
    }

    @Test
    void saturationToEveryWidth() throws Throwable {
        MethodHandle acleSsat = function("acle_ssat", 2);
        for (int bits = 1; bits <= 32; bits++) {
            for (int x : values(7 + bits).subList(0, 2_000)) {
                assertEquals(ssat(x, bits), (int) acleSsat.invokeExact(x, bits), x + " to " + bits);
            }
        }
    }

    @Test
    void rotationsAndPacking() throws Throwable {
        MethodHandle ror = function("acle_ror", 2);
        MethodHandle cmsisRor = function("acle_cmsis_ror", 2);
        MethodHandle pkhbt = function("acle_pkhbt", 3);
        MethodHandle pkhtb = function("acle_pkhtb", 3);
        List<Integer> as = values(8);
        List<Integer> bs = values(9);
        for (int i = 0; i < as.size(); i++) {
            int a = as.get(i);
            int b = bs.get((i * 17) % bs.size());
            int shift = i % 33; // 0 to 32
            String at = Integer.toHexString(a) + " " + Integer.toHexString(b) + " " + shift;
            assertEquals(Integer.rotateRight(a, shift), (int) ror.invokeExact(a, shift), at);
            assertEquals(Integer.rotateRight(a, shift), (int) cmsisRor.invokeExact(a, shift), at);
            if (shift < 32) { // LSL #0 to #31
                assertEquals((a & 0xFFFF) | ((b << shift) & 0xFFFF0000),
                        (int) pkhbt.invokeExact(a, b, shift), at);
            }
            if (shift > 0) { // ASR #1 to #32; #0 is the assembler's PKHBT with swapped operands
                assertEquals((a & 0xFFFF0000) | ((b >> Math.min(shift, 31)) & 0xFFFF),
                        (int) pkhtb.invokeExact(a, b, shift), at);
            } else {
                assertEquals((a & 0xFFFF0000) | (b & 0xFFFF), (int) pkhtb.invokeExact(a, b, 0), at);
            }
        }
    }
}
