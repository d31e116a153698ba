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
}
