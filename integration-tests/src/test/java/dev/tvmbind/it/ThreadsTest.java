package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Many threads call one binding at once; each sees its own arrays and strings come back right. */
class ThreadsTest {
    static final Types TYPES = TypesBinding.load(NativeLibraries.of("types"));
    static final Outer.Checked CHECKED = Outer_CheckedBinding.load(NativeLibraries.of("checked"));

    @Test
    void eightThreadsTimesTwentyThousandCalls() throws Exception {
        try (ExecutorService pool = Executors.newFixedThreadPool(8)) {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int thread = t;
                results.add(pool.submit(() -> calls(thread)));
            }
            for (Future<Integer> result : results) {
                assertEquals(20_000, result.get());
            }
        }
    }

    @Test
    void virtualThreadsBeyondTheSlotsUseTheirOwnScratch() throws Exception {
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < 200; t++) {
                int thread = t;
                results.add(pool.submit(() -> {
                    for (int k = 0; k < 200; k++) {
                        String text = "v" + thread + "-" + k;
                        assertEquals(text.length(), TYPES.utf8Length(text));
                    }
                    return 200;
                }));
            }
            for (Future<Integer> result : results) {
                assertEquals(200, result.get());
            }
        }
    }

    private static int calls(int thread) {
        int checked = 0;
        for (int k = 0; k < 20_000; k++) {
            int value = thread * 1_000_000 + k;
            int[] out = new int[2];
            CHECKED.run(new int[] {value, -value}, out);
            assertArrayEquals(new int[] {2 * value, -2 * value}, out);
            String text = "t" + thread + "#" + k;
            assertEquals(text.length(), TYPES.utf8Length(text));
            int[] values = {value, k, thread};
            long[] longs = {value};
            TYPES.increment(new byte[1], new short[1], new char[1], values, longs, new float[1],
                    new double[1], 1);
            assertEquals(value + 1, values[0]);
            assertEquals(k, values[1]);
            assertEquals(value + 1L, longs[0]);
            checked++;
        }
        return checked;
    }
}
