package dev.tvmbind.runtime.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;

/**
 * The memory a call's containers and callbacks need beside its frame (the values an
 * {@code ffi.Array} is made of, a string's bytes, a maker's result), taken from one region a
 * thread's {@link Scratch} keeps, from the start again at each call: no arena is made per call.
 * A region outgrown mid-call stays alive while what was taken from it does (its slices hold it);
 * a request larger than {@link #KEPT_BYTES} gets an arena of its own, closed when the call ends.
 */
final class ObjectMemory implements SegmentAllocator {
    private static final long MIN_BYTES = 512;
    static final long KEPT_BYTES = 64 << 10;

    private MemorySegment region = MemorySegment.NULL;
    private long used;
    private Arena largeArena;

    @Override
    public MemorySegment allocate(long byteSize, long byteAlignment) {
        if (byteSize > KEPT_BYTES) {
            if (largeArena == null) {
                largeArena = Arena.ofConfined();
            }
            return largeArena.allocate(byteSize, byteAlignment);
        }
        long at = take(byteSize, byteAlignment); // first: it may replace the region
        return region.asSlice(at, byteSize);
    }

    /**
     * Takes {@code byteSize} bytes of {@link #region()} (a new one when they do not fit) without
     * making a slice: the caller writes at the offset, holding the region while it does.
     *
     * @return their offset in the region, or -1 for more than {@link #KEPT_BYTES}
     */
    long take(long byteSize, long byteAlignment) {
        if (byteSize > KEPT_BYTES) {
            return -1;
        }
        long at = (used + byteAlignment - 1) & -byteAlignment;
        if (at + byteSize > region.byteSize()) {
            long grown = Math.max(MIN_BYTES, Math.max(2 * region.byteSize(), byteSize));
            region = Arena.ofAuto().allocate(Math.min(grown, KEPT_BYTES),
                    Math.max(16, byteAlignment));
            at = 0;
        }
        used = at + byteSize;
        return at;
    }

    /** The region the last {@link #take} took from. */
    MemorySegment region() {
        return region;
    }

    /** Begins a call: what the last one took is free again. */
    void reset() {
        used = 0;
    }

    /** Ends a call: a large request's memory is freed. */
    void release() {
        if (largeArena != null) {
            largeArena.close();
            largeArena = null;
        }
    }
}
