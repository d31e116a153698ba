package dev.tvmbind.runtime.internal;

import java.lang.foreign.ValueLayout;

/**
 * The arrays a plain function's call copies through {@link Scratch}: the room each copy takes, to
 * reserve in {@link Scratch#begin} (its bytes, up to 7 more to align it to 8, and its guard), and
 * the copy back into the caller's array after the call.
 */
public final class ArrayCopies {
    private ArrayCopies() {}

    /** Reserved per copy beyond its bytes: up to 7 to align it, then its guard. */
    private static final long PER_COPY = 8 + Scratch.GUARD_BYTES;

    /**
     * The room a copy of {@code array} takes.
     *
     * @param array the array to copy
     * @return the bytes to reserve
     */
    public static long size(byte[] array) {
        return array.length + PER_COPY;
    }

    /** As {@link #size(byte[])}, for a {@code short[]}. */
    public static long size(short[] array) {
        return array.length * 2L + PER_COPY;
    }

    /** As {@link #size(byte[])}, for a {@code char[]}. */
    public static long size(char[] array) {
        return array.length * 2L + PER_COPY;
    }

    /** As {@link #size(byte[])}, for an {@code int[]}. */
    public static long size(int[] array) {
        return array.length * 4L + PER_COPY;
    }

    /** As {@link #size(byte[])}, for a {@code long[]}. */
    public static long size(long[] array) {
        return array.length * 8L + PER_COPY;
    }

    /** As {@link #size(byte[])}, for a {@code float[]}. */
    public static long size(float[] array) {
        return array.length * 4L + PER_COPY;
    }

    /** As {@link #size(byte[])}, for a {@code double[]}. */
    public static long size(double[] array) {
        return array.length * 8L + PER_COPY;
    }

    /**
     * Copies what C wrote at {@code address} back into {@code array}, all of it.
     *
     * @param scratch the call's scratch memory
     * @param address what {@link Scratch#copyIn(byte[])} returned
     * @param array the array
     */
    public static void copyBack(Scratch scratch, long address, byte[] array) {
        scratch.copyOut(address, array, ValueLayout.JAVA_BYTE, array.length);
    }

    /** As {@link #copyBack(Scratch, long, byte[])}, for a {@code short[]}. */
    public static void copyBack(Scratch scratch, long address, short[] array) {
        scratch.copyOut(address, array, ValueLayout.JAVA_SHORT, array.length);
    }

    /** As {@link #copyBack(Scratch, long, byte[])}, for a {@code char[]}. */
    public static void copyBack(Scratch scratch, long address, char[] array) {
        scratch.copyOut(address, array, ValueLayout.JAVA_CHAR, array.length);
    }

    /** As {@link #copyBack(Scratch, long, byte[])}, for an {@code int[]}. */
    public static void copyBack(Scratch scratch, long address, int[] array) {
        scratch.copyOut(address, array, ValueLayout.JAVA_INT, array.length);
    }

    /** As {@link #copyBack(Scratch, long, byte[])}, for a {@code long[]}. */
    public static void copyBack(Scratch scratch, long address, long[] array) {
        scratch.copyOut(address, array, ValueLayout.JAVA_LONG, array.length);
    }

    /** As {@link #copyBack(Scratch, long, byte[])}, for a {@code float[]}. */
    public static void copyBack(Scratch scratch, long address, float[] array) {
        scratch.copyOut(address, array, ValueLayout.JAVA_FLOAT, array.length);
    }

    /** As {@link #copyBack(Scratch, long, byte[])}, for a {@code double[]}. */
    public static void copyBack(Scratch scratch, long address, double[] array) {
        scratch.copyOut(address, array, ValueLayout.JAVA_DOUBLE, array.length);
    }
}
