package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.runtime.internal.shared.Diagnostics;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Bounds the memory held by returned tensors nobody closed. The garbage collector sees a few
 * hundred bytes of Java object for each, not the native memory TVM holds for it, so a loop that
 * forgets {@code close()} outruns it (5.9 GB in 2M calls, measured). Every returned tensor is
 * counted here until its reference is dropped; past the bound, the call about to return one
 * first has the collector find the unreachable ones and waits briefly for their release.
 *
 * <p>What is still held after that is in use: the next relief comes a bound above it, so a program
 * that keeps many tensors open pays one collection per bound, not one per call.
 */
final class UnclosedTensors {
    private UnclosedTensors() {}

    /** The bound, in bytes: {@code -Dtvmbind.tensors.unclosedBytes}, 32 MiB by default. */
    static final String PROPERTY = "tvmbind.tensors.unclosedBytes";
    static final long BOUND = bound();
    /** What TVM's object costs beyond the data: header, DLTensor, shape, allocator rounding. */
    private static final long OVERHEAD = 256;
    /** How long a relief waits for the collector's releases. */
    private static final long WAIT_NANOS = 50_000_000;

    private static final AtomicLong HELD = new AtomicLong();
    private static volatile long threshold = BOUND;

    private static long bound() {
        String given = System.getProperty(PROPERTY);
        try {
            long bytes = given == null ? 32L << 20 : Long.parseLong(given.strip());
            if (bytes > 0) {
                return bytes;
            }
        } catch (NumberFormatException e) {
            // reported below, as a non-positive value is
        }
        Diagnostics.LOGGER.log(System.Logger.Level.WARNING, "-D" + PROPERTY + "=" + given
                + " is not a positive number of bytes; using 32 MiB");
        return 32L << 20;
    }

    /** Counts a returned tensor of {@code bytes}, after a relief when the bound is passed. */
    static void admit(long bytes) {
        if (HELD.addAndGet(bytes + OVERHEAD) > threshold) {
            relieve();
        }
    }

    /** Uncounts a tensor whose reference was dropped. */
    static void released(long bytes) {
        HELD.addAndGet(-(bytes + OVERHEAD));
    }

    private static synchronized void relieve() {
        if (HELD.get() <= threshold) {
            return; // another thread's relief came first
        }
        System.gc();
        long deadline = System.nanoTime() + WAIT_NANOS;
        while (HELD.get() > BOUND / 2 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        threshold = HELD.get() + BOUND;
    }
}
