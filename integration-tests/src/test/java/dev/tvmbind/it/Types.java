package dev.tvmbind.it;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.TvmModel;
import java.lang.foreign.MemorySegment;

/** One plain entry point per mapped type, implemented in {@code src/test/c/types.c}. */
@TvmModel(name = "types")
public interface Types {
    @EntryPoint byte negateByte(byte v);
    @EntryPoint short negateShort(short v);
    @EntryPoint int negateInt(int v);
    @EntryPoint long negateLong(long v);
    @EntryPoint float negateFloat(float v);
    @EntryPoint double negateDouble(double v);
    @EntryPoint boolean not(boolean v);
    @EntryPoint char nextChar(char v);
    @EntryPoint long add(long a, int b, short c, byte d);
    @EntryPoint double mix(float a, double b, int c);

    /** Returns {@code base + bytes}, a segment of size 0. */
    @EntryPoint MemorySegment offset(MemorySegment base, long bytes);
    /** Reads the int at {@code address}. */
    @EntryPoint int peek(MemorySegment address);

    /** The number of bytes of the UTF-8 string, as C's strlen counts them. */
    @EntryPoint int utf8Length(String text);
    /** The sum of the string's bytes, read as unsigned. */
    @EntryPoint int byteSum(String text);

    /** Adds {@code k + 1} to element {@code k} of every array, for the first {@code n}. */
    @EntryPoint void increment(byte[] b, short[] s, char[] c, int[] i, long[] l, float[] f,
            double[] d, int n);
    /** Sums the array: without copying, since the function is critical. */
    @EntryPoint(critical = true) long sumCritical(int[] values, int n);
    /** Scales the array in place, without copying. */
    @EntryPoint(critical = true) void scaleCritical(float[] values, int n, float factor);
    /** Length of a string passed to a critical function. */
    @EntryPoint(critical = true) int criticalLength(String text);

    /** How many functions above were called since the last reset. */
    @EntryPoint int calls();
    @EntryPoint void resetCalls();
}
