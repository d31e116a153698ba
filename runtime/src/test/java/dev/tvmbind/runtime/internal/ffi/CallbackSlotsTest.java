package dev.tvmbind.runtime.internal.ffi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * The lock-free table of live callbacks: ids unique among the live ones whatever the threads do,
 * each id reading back its own target and function, freed ids given again, and a table crowded by
 * callbacks kept alive (as a library keeps them) growing rather than failing.
 */
class CallbackSlotsTest {
    @Test
    void idsAreUniqueAcrossThreadsAndTheTableGrowsWhenCrowded() throws Exception {
        CallbackSlots slots = new CallbackSlots();
        int threads = 4;
        int each = 3_000; // 12,000 live at once: eleven chunks and more
        Set<Long> ids = ConcurrentHashMap.newKeySet();
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int thread = t;
            started.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < each; i++) {
                    String target = thread + ":" + i;
                    long id = slots.add(target, null, null);
                    slots.function(id, id * 16);
                    assertTrue(ids.add(id), "id " + id + " given twice");
                    assertSame(target, slots.target(id));
                }
            }));
        }
        for (Thread thread : started) {
            thread.join();
        }
        assertEquals(threads * each, ids.size());
        assertTrue(!ids.contains(0L), "id 0 given");
        for (long id : ids) {
            assertEquals(id * 16, slots.function(id));
            slots.remove(id);
            assertNull(slots.target(id));
        }
        // Freed, an id is given again: a call's callback after another's takes the same slot.
        long first = slots.add("a", null, null);
        slots.remove(first);
        assertEquals(first, slots.add("b", null, null));
        assertNull(slots.target(0));
        assertNull(slots.target(-1));
        assertNull(slots.target(Long.MAX_VALUE));
    }

    /**
     * A thread fills its own block of the first chunk (no CAS), its freed ids given again; a
     * thread whose block another thread held takes it over once that thread ended, leaving the
     * callback it kept alive where it is.
     */
    @Test
    void aThreadsBlockIsItsOwnAndADeadThreadsBlockIsTakenOver() throws Exception {
        CallbackSlots slots = new CallbackSlots();
        long[] first = new long[3];
        Thread ended = Thread.ofPlatform().unstarted(() -> {
            for (int i = 0; i < first.length; i++) {
                first[i] = slots.add("first " + i, null, null);
            }
            slots.remove(first[1]);
            assertEquals(first[1], slots.add("again", null, null), "a freed id given again");
            slots.remove(first[1]);
            slots.remove(first[2]);
        });
        int block = (int) ended.threadId() & 63;
        ended.start();
        ended.join();
        for (long id : first) {
            assertEquals(block, id / 16, "id " + id + " in the thread's own block");
        }
        assertEquals("first 0", slots.target(first[0]), "the kept callback stays");

        long[] taken = new long[1];
        Thread successor = Thread.ofPlatform().unstarted(() -> taken[0] = slots.add("next", null,
                null));
        while (((int) successor.threadId() & 63) != block) { // one whose id falls on that block
            successor = Thread.ofPlatform().unstarted(() -> taken[0] = slots.add("next", null,
                    null));
        }
        successor.start();
        successor.join();
        assertEquals(block, taken[0] / 16, "the dead thread's block taken over");
        assertTrue(taken[0] != first[0], "the kept callback's slot left alone");
        assertEquals("first 0", slots.target(first[0]));
        assertSame("next", slots.target(taken[0]));
    }

    /**
     * A parked id is free (no target) and keeps its function for the slot's next callback of the
     * same runtime; a removed one keeps none.
     */
    @Test
    void aParkedSlotKeepsItsFunctionForItsNextCallback() throws Exception {
        CallbackSlots slots = new CallbackSlots();
        // On a thread of its own, its block fresh; a failed assertion fails the get.
        java.util.concurrent.FutureTask<Void> task = new java.util.concurrent.FutureTask<>(() -> {
            long id = slots.add("one", null, null);
            slots.function(id, 4242);
            slots.park(id);
            assertNull(slots.target(id), "a parked id calls nothing");
            assertEquals(id, slots.add("two", null, null), "the parked slot given again");
            assertEquals(4242, slots.function(id), "with its function");
            assertSame("two", slots.target(id));
            slots.remove(id);
            assertEquals(id, slots.add("three", null, null));
            assertEquals(0, slots.function(id), "a removed slot keeps no function");
            return null;
        });
        Thread.ofPlatform().start(task);
        task.get();
    }

    /** Ids filled on their owner's block while another thread frees them: never given twice. */
    @Test
    void idsFreedByAnotherThreadWhileTheOwnerFillsAreNeverGivenTwice() throws Exception {
        CallbackSlots slots = new CallbackSlots();
        Set<Long> live = ConcurrentHashMap.newKeySet();
        java.util.concurrent.BlockingQueue<Long> handed =
                new java.util.concurrent.ArrayBlockingQueue<>(8);
        Thread freer = Thread.ofPlatform().start(() -> {
            try {
                for (long id; (id = handed.take()) != -1; ) {
                    live.remove(id); // before the slot is free: a second give would be seen
                    slots.remove(id);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        for (int i = 0; i < 100_000; i++) {
            Object target = new Object();
            long id = slots.add(target, null, null);
            assertTrue(live.add(id), "id " + id + " given while live");
            assertSame(target, slots.target(id));
            handed.put(id);
        }
        handed.put(-1L);
        freer.join();
    }
}
