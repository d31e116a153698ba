package dev.tvmbind.examples;

/** Deterministic pseudo-random weights: the same bits as {@code src/main/c/weights.h}. */
final class Weights {
    private Weights() {}

    static float weight(int seed, int index) {
        int x = (index + 1) * 0x9E3779B1 ^ seed * 40503;
        x ^= x >>> 15;
        x *= 0x85EBCA77;
        x ^= x >>> 13;
        return ((float) (x & 0xffff) / 65535.0f - 0.5f) * 0.1f;
    }
}
