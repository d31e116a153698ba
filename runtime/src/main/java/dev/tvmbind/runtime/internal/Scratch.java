package dev.tvmbind.runtime.internal;

import dev.tvmbind.runtime.internal.ffi.FfiValues;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Native memory that one thread uses during one call of a generated binding; see
 * {@link ScratchPool}. Used by generated code; applications have no need of it.
 *
 * <p>A call first {@linkplain #begin reserves} what it needs: room for TVM's structs of
 * pointers, then for a copy of each array or string. It then takes the structs and the copies
 * in that order, each at an address aligned to 8, and passes those addresses to C as 64-bit
 * integers ({@link #POINTER}): no segment object is made per call, so nothing is allocated.
 */
public final class Scratch {
    /**
     * How a pointer into scratch memory is passed to C: as a 64-bit integer, which every 64-bit
     * ABI that FFM supports passes as it passes a pointer.
     */
    public static final ValueLayout.OfLong POINTER = ValueLayout.JAVA_LONG;

    private static final long MIN_BYTES = 256;
    /**
     * What a thread keeps between calls: a call that needs more gets memory of its own, freed
     * when it ends, so one large call does not leave its size behind for the thread's life.
     */
    static final long KEPT_BYTES = 1L << 20;
    /** What follows every copy, and every executor buffer: a value C has no reason to write. */
    public static final long GUARD = 0x7476_6D62_696E_6447L;
    static final long GUARD_BYTES = 8;

    final Thread owner;
    /** Set while a call uses this scratch; read and written by {@link #owner} only. */
    boolean busy;
    /** The arena of a scratch for one call only, closed on release; null for a kept scratch. */
    private final Arena oneShotArena;
    /** The memory of a call larger than {@link #KEPT_BYTES}, closed at its release. */
    private Arena largeCallArena;
    /** Read by {@link FfiValues}, which lays out TVM's FFI values in it. */
    MemorySegment memory = MemorySegment.NULL;
    /** Where each copy's guard is, in the order of the copies; grown, never per call. */
    private long[] guardOffsets = new long[8];
    private int guards;
    /** The address of {@link #memory}, and how many of its bytes this call has taken. */
    long base;
    long used;
    /** What a call's containers and callbacks take beside the frame. */
    final ObjectMemory objects = new ObjectMemory();

    Scratch(Thread owner, boolean oneShot) {
        this.owner = owner;
        this.oneShotArena = oneShot ? Arena.ofConfined() : null;
    }

    /**
     * Begins a call: makes room for {@code pointers} struct members, then {@code bytes} bytes of
     * copies.
     *
     * @param pointers how many {@code void*} members TVM's structs have in all
     * @param bytes the sum of {@link ArrayCopies#size} over what the call copies
     */
    public void begin(int pointers, long bytes) {
        long needed = pointers * 8L + bytes;
        if (needed > memory.byteSize()) {
            if (oneShotArena != null) {
                memory = oneShotArena.allocate(needed, 16);
            } else if (needed > KEPT_BYTES) {
                // One large call must not keep its memory for good: freed at release.
                largeCallArena = Arena.ofConfined();
                memory = largeCallArena.allocate(needed, 16);
            } else {
                long grown = Math.max(needed, Math.max(MIN_BYTES, 2 * memory.byteSize()));
                memory = Arena.ofAuto().allocate(Math.min(grown, KEPT_BYTES), 16);
            }
            base = memory.address();
        }
        used = 0;
        guards = 0;
        objects.reset();
    }

    /** How many bytes this scratch holds now: for tests of the bound it keeps. */
    long capacity() {
        return memory.byteSize();
    }

    /**
     * Takes a struct of {@code pointers} members (TVM's {@code void*}s).
     *
     * @param pointers how many members
     * @return the struct's address
     */
    public long struct(int pointers) {
        return base + take(pointers * 8L);
    }

    /**
     * Sets member {@code index} of the struct at {@code struct} to the address of a copy.
     *
     * @param struct the struct's address, from {@link #struct}
     * @param index the member's index
     * @param address the copy's address
     */
    public void setPointer(long struct, int index, long address) {
        memory.set(POINTER, struct - base + index * 8L, address);
    }

    /**
     * Reads member {@code index} of the struct at {@code struct}: what C wrote there (a result
     * of TVM's FFI, for one).
     *
     * @param struct the struct's address, from {@link #struct}
     * @param index the member's index
     * @return its 64 bits
     */
    public long word(long struct, int index) {
        return memory.get(POINTER, struct - base + index * 8L);
    }

    /**
     * Sets member {@code index} of the struct at {@code struct} to the caller's segment.
     *
     * @param struct the struct's address, from {@link #struct}
     * @param index the member's index
     * @param segment the tensor's native memory
     */
    public void setPointer(long struct, int index, MemorySegment segment) {
        memory.set(ValueLayout.ADDRESS, struct - base + index * 8L, segment);
    }

    /**
     * Ends the call that acquired this scratch; its memory may be reused from now on.
     */
    public void release() {
        busy = false;
        objects.release();
        if (oneShotArena != null) {
            oneShotArena.close();
        }
        if (largeCallArena != null) {
            largeCallArena.close();
            largeCallArena = null;
            memory = MemorySegment.NULL;
            base = 0;
        }
    }

    /** Takes {@code bytes} bytes, rounded up to 8, and returns their offset in {@link #memory}. */
    long take(long bytes) {
        long at = used;
        used = at + ((bytes + 7) & -8L);
        if (used > memory.byteSize()) {
            // Generated code reserves what it takes; this guards memory that C would write.
            throw new IllegalStateException("scratch memory overrun: " + used + " of "
                    + memory.byteSize() + " bytes");
        }
        return at;
    }

    private long copyIn(Object array, ValueLayout element, int length) {
        long at = guarded(length * element.byteSize());
        MemorySegment.copy(array, 0, memory, element, at, length);
        return base + at;
    }

    /**
     * Takes {@code bytes} followed by a guard written right after their last byte (not after
     * their alignment): C that writes past a tensor's end overwrites it, and stays inside this
     * memory; {@link #overrunCopy} finds it after the call.
     *
     * @return the bytes' offset in {@link #memory}
     */
    private long guarded(long bytes) {
        long at = take(bytes + GUARD_BYTES);
        memory.set(ValueLayout.JAVA_LONG_UNALIGNED, at + bytes, GUARD);
        if (guards == guardOffsets.length) {
            guardOffsets = Arrays.copyOf(guardOffsets, 2 * guards);
        }
        guardOffsets[guards++] = at + bytes;
        return at;
    }

    /**
     * After the call: the first copy whose guard C overwrote, in the order they were made.
     *
     * @return its index among the call's copies, or -1 when every guard is intact
     */
    public int overrunCopy() {
        for (int i = 0; i < guards; i++) {
            if (memory.get(ValueLayout.JAVA_LONG_UNALIGNED, guardOffsets[i]) != GUARD) {
                return i;
            }
        }
        return -1;
    }

    /** Copies {@code length} elements at {@code address}, which a copy or room of this call took. */
    void copyOut(long address, Object array, ValueLayout element, int length) {
        MemorySegment.copy(memory, element, address - base, array, 0, length);
    }

    /**
     * Writes a string's UTF-8 bytes and a terminating NUL, encoded in place (no byte array).
     *
     * @param text the string, checked by {@link Utf8#size}
     * @param utf8Bytes what {@link Utf8#size} counted
     * @return the C string's address
     */
    public long copyInString(String text, long utf8Bytes) {
        long at = guarded(utf8Bytes + 1);
        // The JDK's own encoder: on JDK 25 it copies a Latin-1 string's bytes without allocating.
        memory.setString(at, text, StandardCharsets.UTF_8);
        return base + at;
    }

    /**
     * Copies {@code array} into this call's memory, followed by its guard.
     *
     * @param array the array
     * @return the copy's address
     */
    public long copyIn(byte[] array) {
        return copyIn(array, ValueLayout.JAVA_BYTE, array.length);
    }

    /** As {@link #copyIn(byte[])}, for a {@code short[]}. */
    public long copyIn(short[] array) {
        return copyIn(array, ValueLayout.JAVA_SHORT, array.length);
    }

    /** As {@link #copyIn(byte[])}, for a {@code char[]}. */
    public long copyIn(char[] array) {
        return copyIn(array, ValueLayout.JAVA_CHAR, array.length);
    }

    /** As {@link #copyIn(byte[])}, for an {@code int[]}. */
    public long copyIn(int[] array) {
        return copyIn(array, ValueLayout.JAVA_INT, array.length);
    }

    /** As {@link #copyIn(byte[])}, for a {@code long[]}. */
    public long copyIn(long[] array) {
        return copyIn(array, ValueLayout.JAVA_LONG, array.length);
    }

    /** As {@link #copyIn(byte[])}, for a {@code float[]}. */
    public long copyIn(float[] array) {
        return copyIn(array, ValueLayout.JAVA_FLOAT, array.length);
    }

    /** As {@link #copyIn(byte[])}, for a {@code double[]}. */
    public long copyIn(double[] array) {
        return copyIn(array, ValueLayout.JAVA_DOUBLE, array.length);
    }

    /**
     * Takes room for what C writes into an output array, followed by its guard: nothing is
     * copied in (the output's old contents are not C's to read).
     *
     * @param array the array
     * @return the room's address
     */
    public long roomFor(byte[] array) {
        return base + guarded(array.length);
    }

    /** As {@link #roomFor(byte[])}, for a {@code short[]}. */
    public long roomFor(short[] array) {
        return base + guarded(array.length * 2L);
    }

    /** As {@link #roomFor(byte[])}, for a {@code char[]}. */
    public long roomFor(char[] array) {
        return base + guarded(array.length * 2L);
    }

    /** As {@link #roomFor(byte[])}, for an {@code int[]}. */
    public long roomFor(int[] array) {
        return base + guarded(array.length * 4L);
    }

    /** As {@link #roomFor(byte[])}, for a {@code long[]}. */
    public long roomFor(long[] array) {
        return base + guarded(array.length * 8L);
    }

    /** As {@link #roomFor(byte[])}, for a {@code float[]}. */
    public long roomFor(float[] array) {
        return base + guarded(array.length * 4L);
    }

    /** As {@link #roomFor(byte[])}, for a {@code double[]}. */
    public long roomFor(double[] array) {
        return base + guarded(array.length * 8L);
    }
}
