package dev.tvmbind.runtime.ffi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;
import org.junit.jupiter.api.Test;

/**
 * The batches that hold returned tensors' references, with made-up objects and a {@code drop} that
 * records: each reference dropped exactly once, by whichever thread closes, and the count of open
 * bytes back where it was once all are released, across seals and threads.
 */
class TensorBatchTest {
    /** Drops each object once; a second drop of one is counted as a double. */
    private static final class Drops implements LongConsumer {
        final ConcurrentHashMap<Long, Boolean> dropped = new ConcurrentHashMap<>();
        final AtomicInteger doubles = new AtomicInteger();

        @Override
        public void accept(long object) {
            if (dropped.put(object, true) != null) {
                doubles.incrementAndGet();
            }
        }
    }

    private record Held(TensorBatch batch, int slot) {
        void release() {
            batch.release(slot);
        }
    }

    private static Held admit(long object, long bytes, LongConsumer drop) {
        TensorBatch batch = TensorBatch.admit(object, bytes, retained -> retained, drop);
        return new Held(batch, batch.lastSlot());
    }

    @Test
    void releasesOnTheReceivingThreadCountNothingAndDropOnce() {
        Drops drops = new Drops();
        long before = UnclosedTensors.held();
        for (long object = 1; object <= 10 * TensorBatch.SLOTS; object++) {
            admit(object, 4096, drops).release();
            // A closed tensor is never counted, sealed or not: the count never grows.
            assertEquals(before, UnclosedTensors.held(), "after object " + object);
        }
        assertEquals(10 * TensorBatch.SLOTS, drops.dropped.size());
        assertEquals(0, drops.doubles.get());
    }

    /**
     * A full batch whose references were all dropped, here or on another thread, is filled again
     * (no new registration); one with a reference still held is sealed and a new one begun.
     */
    @Test
    void aBatchIsFilledAgainOnlyOnceEveryReferenceInItWasDropped() throws Exception {
        admit(2, 10, new Drops()).release(); // another runtime: this thread's batch starts now
        Drops ours = new Drops();
        List<Held> held = new ArrayList<>();
        for (long object = 1; object <= TensorBatch.SLOTS; object++) {
            held.add(admit(object, 10, ours));
        }
        TensorBatch batch = held.get(0).batch();
        held.subList(1, held.size()).forEach(Held::release);
        Thread other = Thread.ofPlatform().start(held.get(0)::release);
        other.join();
        Held next = admit(100, 10, ours);
        assertEquals(batch, next.batch(), "emptied, filled again");
        assertEquals(0, next.slot());
        for (long object = 101; object < 100 + TensorBatch.SLOTS; object++) {
            admit(object, 10, ours).release();
        }
        Held after = admit(200, 10, ours); // slot 0 (object 100) still held
        assertNotSame(batch, after.batch());
        next.release();
        after.release();
        assertEquals(2 * TensorBatch.SLOTS + 1, ours.dropped.size());
        assertEquals(0, ours.doubles.get());
    }

    @Test
    void tensorsKeptPastTheirBatchAndClosedElsewhereAreUncountedOnce() throws Exception {
        Drops drops = new Drops();
        long before = UnclosedTensors.held();
        List<Held> kept = new ArrayList<>();
        // Kept open across three seals; a quarter closed on another thread while their batch is
        // still current (their bytes go to the batch's foreign count).
        for (long object = 1; object <= 3 * TensorBatch.SLOTS + 5; object++) {
            Held held = admit(100 + object, 1000, drops);
            if (object % 4 == 0) {
                Thread other = Thread.ofPlatform().start(held::release);
                other.join();
            } else {
                kept.add(held);
            }
        }
        // Another runtime's tensor seals the current batch: everything admitted is counted now.
        Drops otherRuntime = new Drops();
        admit(1, 0, otherRuntime).release();
        long open = (long) kept.size() * (1000 + UnclosedTensors.OVERHEAD);
        assertEquals(before + open, UnclosedTensors.held());

        // Half closed here, half on another thread: all uncounted, each dropped once.
        List<Held> here = kept.subList(0, kept.size() / 2);
        List<Held> there = kept.subList(kept.size() / 2, kept.size());
        here.forEach(Held::release);
        Thread other = Thread.ofPlatform().start(() -> there.forEach(Held::release));
        other.join();
        assertEquals(before, UnclosedTensors.held());
        assertEquals(3 * TensorBatch.SLOTS + 5, drops.dropped.size());
        assertEquals(0, drops.doubles.get());
    }

    /** A thread's current batch is not kept by the thread: its last tensors are collectable. */
    @Test
    void theCollectorReleasesTheLastTensorsOfAThreadThatStoppedReceiving() throws Exception {
        Drops drops = new Drops();
        Thread.ofPlatform().start(() -> {
            for (long object = 1; object <= 10; object++) {
                admit(object, 64, drops); // never released
            }
        }).join();
        for (long object = 1; object <= 10; object++) {
            admit(1000 + object, 64, drops); // never released, and this thread goes on
        }
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (drops.dropped.size() < 20 && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(10);
        }
        assertEquals(20, drops.dropped.size());
        assertEquals(0, drops.doubles.get());
    }

    /**
     * Receivers hand each tensor to closers on other threads while they go on receiving, so
     * foreign releases race the seals: still each reference dropped once and the count back.
     */
    @Test
    void foreignReleasesRacingTheSealsAreCountedOnce() throws Exception {
        Drops drops = new Drops();
        long before = UnclosedTensors.held();
        int receivers = 3;
        int each = 20_000;
        java.util.concurrent.BlockingQueue<Held> handed =
                new java.util.concurrent.LinkedBlockingQueue<>();
        List<Thread> closers = new ArrayList<>();
        for (int c = 0; c < 2; c++) {
            closers.add(Thread.ofPlatform().start(() -> {
                try {
                    for (Held held = handed.take(); held.slot() >= 0; held = handed.take()) {
                        held.release();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        List<Thread> started = new ArrayList<>();
        for (int r = 0; r < receivers; r++) {
            long base = (r + 1) * 1_000_000L;
            started.add(Thread.ofPlatform().start(() -> {
                for (long i = 0; i < each; i++) {
                    Held held = admit(base + i, 512, drops);
                    if (i % 3 == 0) {
                        held.release(); // the receiver's own, between the foreign ones
                    } else {
                        handed.add(held);
                    }
                }
            }));
        }
        for (Thread thread : started) {
            thread.join();
        }
        for (int c = 0; c < closers.size(); c++) {
            handed.add(new Held(null, -1));
        }
        for (Thread thread : closers) {
            thread.join();
        }
        assertEquals(receivers * each, drops.dropped.size());
        assertEquals(0, drops.doubles.get());
        // The receivers' current batches were never sealed (never counted): the count is back.
        assertEquals(before, UnclosedTensors.held());
    }
}
