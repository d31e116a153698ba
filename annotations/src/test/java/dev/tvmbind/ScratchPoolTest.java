package dev.tvmbind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.Test;

class ScratchPoolTest {
    private final ScratchPool pool = new ScratchPool();

    @Test
    void aThreadGetsItsOwnScratchBackCallAfterCall() {
        Scratch first = pool.acquire();
        MemorySegment memory = first.memory(64);
        first.release();
        Scratch second = pool.acquire();
        assertSame(first, second);
        assertSame(memory, second.memory(64), "no allocation on the second call");
        second.release();
    }

    @Test
    void memoryGrowsAndIsAligned() {
        Scratch scratch = pool.acquire();
        MemorySegment small = scratch.memory(8);
        assertTrue(small.byteSize() >= 8);
        MemorySegment large = scratch.memory(1 << 20);
        assertTrue(large.byteSize() >= 1 << 20);
        assertEquals(0, large.address() % 16);
        scratch.release();
    }

    @Test
    void reentrantCallsGetSeparateMemory() {
        Scratch outer = pool.acquire();
        MemorySegment outerMemory = outer.memory(16);
        outerMemory.set(ValueLayout.JAVA_LONG, 0, 42);
        Scratch inner = pool.acquire();
        Scratch innermost = pool.acquire();
        MemorySegment innerMemory = inner.memory(16);
        MemorySegment innermostMemory = innermost.memory(16);
        assertNotEquals(outerMemory.address(), innerMemory.address());
        assertNotEquals(innerMemory.address(), innermostMemory.address());
        innerMemory.set(ValueLayout.JAVA_LONG, 0, 7);
        innermostMemory.set(ValueLayout.JAVA_LONG, 0, 9);
        innermost.release();
        inner.release();
        assertEquals(42, outerMemory.get(ValueLayout.JAVA_LONG, 0));
        outer.release();
    }

    @Test
    void threadsInUseAtOnceNeverShareMemory() throws Exception {
        int threads = 150; // more than the slots, so that some share a slot index
        CyclicBarrier allHolding = new CyclicBarrier(threads);
        Set<Long> addresses = java.util.Collections.synchronizedSet(new HashSet<>());
        List<Thread> started = new ArrayList<>();
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int t = 0; t < threads; t++) {
            started.add(Thread.ofPlatform().start(() -> {
                try {
                    Scratch scratch = pool.acquire();
                    addresses.add(scratch.memory(32).address());
                    allHolding.await();
                    scratch.release();
                } catch (Throwable e) {
                    failures.add(e);
                }
            }));
        }
        for (Thread thread : started) {
            thread.join();
        }
        assertEquals(List.of(), failures);
        assertEquals(threads, addresses.size(), "every thread had memory of its own");
    }

    @Test
    void slotOfADeadThreadIsTakenOver() throws Exception {
        Thread first = Thread.ofPlatform().start(() -> pool.acquire().release());
        first.join();
        int index = (int) first.threadId() & (ScratchPool.SLOTS - 1);
        assertSame(first, pool.slots[index].owner);
        Thread second;
        do { // a thread whose id falls on the same slot
            second = Thread.ofPlatform().unstarted(() -> pool.acquire().release());
        } while (((int) second.threadId() & (ScratchPool.SLOTS - 1)) != index);
        second.start();
        second.join();
        assertSame(second, pool.slots[index].owner);
    }
}
