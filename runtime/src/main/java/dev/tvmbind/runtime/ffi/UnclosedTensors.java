package dev.tvmbind.runtime.ffi;

import dev.tvmbind.runtime.internal.shared.Diagnostics;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Bounds the memory held by returned tensors nobody closed. The garbage collector sees a few
 * hundred bytes of Java object for each, not the native memory TVM holds for it, so a loop that
 * forgets {@code close()} outruns it (5.9 GB in 2M calls, measured). A batch of returned tensors
 * ({@link TensorBatch}) counts what is still open when it is sealed, and uncounts what is released
 * after; past the bound, the sealing call first has the collector find the unreachable ones and
 * waits briefly for their release.
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
    static final long OVERHEAD = 256;
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

    /** Counts {@code bytes} of open tensors, after a relief when the bound is passed. */
    static void admit(long bytes) {
        if (bytes != 0 && HELD.addAndGet(bytes) > threshold) {
            relieve();
        }
    }

    /** Uncounts {@code bytes} of tensors whose references were dropped. */
    static void released(long bytes) {
        HELD.addAndGet(-bytes);
    }

    /** What is counted now: for tests, which see a release counted once. */
    static long held() {
        return HELD.get();
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
