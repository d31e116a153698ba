package dev.tvmbind;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Native memory that one thread uses during one call of a generated binding; see
 * {@link ScratchPool}. Used by generated code; applications have no need of it.
 */
public final class Scratch {
    private static final long MIN_BYTES = 256;

    final Thread owner;
    /** Set while a call uses this scratch; read and written by {@link #owner} only. */
    boolean busy;
    /** The arena of a scratch for one call only, closed on release; null for a kept scratch. */
    private final Arena oneShotArena;
    private MemorySegment memory = MemorySegment.NULL;

    Scratch(Thread owner, boolean oneShot) {
        this.owner = owner;
        this.oneShotArena = oneShot ? Arena.ofConfined() : null;
    }

    /**
     * Returns native memory of at least {@code bytes} bytes, aligned to 16, valid until
     * {@link #release()}. Its contents are undefined.
     *
     * @param bytes how many bytes the call needs
     * @return the memory
     */
    public MemorySegment memory(long bytes) {
        if (bytes > memory.byteSize()) {
            long size = Math.max(bytes, Math.max(MIN_BYTES, 2 * memory.byteSize()));
            memory = (oneShotArena != null ? oneShotArena : Arena.ofAuto()).allocate(size, 16);
        }
        return memory;
    }

    /** Ends the call that acquired this scratch; its memory may be reused from now on. */
    public void release() {
        busy = false;
        if (oneShotArena != null) {
            oneShotArena.close();
        }
    }
}
