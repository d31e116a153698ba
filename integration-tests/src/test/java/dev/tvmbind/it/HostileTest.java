package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The binding of an interface whose inherited constants hide both spellings of every class its
 * {@code Linked} calls (it reaches them through casts): it compiles, links and calls, tensors,
 * strings, copied arrays and a critical call's heap segment alike.
 */
class HostileTest {
    private static final Hostile HOSTILE = HostileBinding.load(NativeLibraries.of("hostile"));

    @Test
    void everyKindOfCallWorks() {
        byte[] out = new byte[4];
        assertEquals(0, HOSTILE.run(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, out));
        assertArrayEquals(new byte[] {1, 2, 3, 4}, out);
        assertEquals(5 + 1.5 + 2.5, HOSTILE.measure("hello", new double[] {1.5, 2.5}, 2));
        assertEquals(6L, HOSTILE.sum(new long[] {1, 2, 3}, 3));
        assertEquals(2, Hostile.dev);
    }
}
