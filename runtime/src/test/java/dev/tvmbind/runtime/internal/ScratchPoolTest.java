package dev.tvmbind.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

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
        first.begin(8, 0);
        long memory = first.struct(8);
        first.release();
        Scratch second = pool.acquire();
        assertSame(first, second);
        second.begin(8, 0);
        assertEquals(memory, second.struct(8), "no allocation on the second call");
        second.release();
    }

    @Test
    void reentrantCallsGetSeparateMemory() {
        Scratch outer = pool.acquire();
        outer.begin(0, ArrayCopies.size(new long[1]));
        long outerCopy = outer.copyIn(new long[] {42});
        Scratch inner = pool.acquire();
        Scratch innermost = pool.acquire();
        inner.begin(0, ArrayCopies.size(new long[1]));
        innermost.begin(0, ArrayCopies.size(new long[1]));
        long innerCopy = inner.copyIn(new long[] {7});
        long innermostCopy = innermost.copyIn(new long[] {9});
        assertNotEquals(outerCopy, innerCopy);
        assertNotEquals(innerCopy, innermostCopy);
        innermost.release();
        inner.release();
        long[] back = new long[1];
        ArrayCopies.copyBack(outer, outerCopy, back);
        assertEquals(42, back[0]);
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
                    scratch.begin(4, 0);
                    addresses.add(scratch.struct(4));
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
