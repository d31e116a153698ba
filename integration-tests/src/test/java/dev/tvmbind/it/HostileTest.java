package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The binding of an interface whose inherited constants hide both spellings of every class its
 * {@code Linked} calls (it reaches them through casts and the runtime's {@code Foreign}): it
 * compiles, links and calls, tensors, strings, copied arrays and a critical call's heap segment
 * alike, from one thread and from eight at once.
 */
class HostileTest {
    private static final Hostile HOSTILE = HostileBinding.load(NativeLibraries.of("hostile"));

    /** One call of each kind, its results in a list. */
    private static List<Object> calls(int seed) {
        byte[] in = new byte[8];
        for (int i = 0; i < in.length; i++) {
            in[i] = (byte) (seed + i);
        }
        byte[] out = new byte[4];
        int status = HOSTILE.run(in, out);
        double measured = HOSTILE.measure("x".repeat(seed % 7), new double[] {seed, 0.5}, 2);
        long sum = HOSTILE.sum(new long[] {seed, seed, 1}, 3);
        return List.of(status, List.of(out[0], out[1], out[2], out[3]), measured, sum);
    }

    @Test
    void everyKindOfCallWorks() {
        byte[] out = new byte[4];
        assertEquals(0, HOSTILE.run(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, out));
        assertArrayEquals(new byte[] {1, 2, 3, 4}, out);
        assertEquals(5 + 1.5 + 2.5, HOSTILE.measure("hello", new double[] {1.5, 2.5}, 2));
        assertEquals(6L, HOSTILE.sum(new long[] {1, 2, 3}, 3));
    }

    @Test
    void eightThreadsGetALoneCallersResults() throws Exception {
        List<List<Object>> alone = new ArrayList<>();
        for (int seed = 0; seed < 64; seed++) {
            alone.add(calls(seed));
        }
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            for (int round = 0; round < 50; round++) {
                List<Callable<List<Object>>> tasks = new ArrayList<>();
                for (int seed = 0; seed < 64; seed++) {
                    int s = seed;
                    tasks.add(() -> calls(s));
                }
                List<Future<List<Object>>> results = pool.invokeAll(tasks);
                for (int seed = 0; seed < 64; seed++) {
                    assertEquals(alone.get(seed), results.get(seed).get(), "seed " + seed);
                }
            }
        } finally {
            pool.shutdown();
        }
    }
}
