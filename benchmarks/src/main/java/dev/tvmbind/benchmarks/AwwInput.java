package dev.tvmbind.benchmarks;

/** The input both sides of the real-model benchmark feed: the same bytes as {@code aww_loop.c}. */
final class AwwInput {
    private AwwInput() {}

    static final int BYTES = 490;

    /** {@code (i * 37) % 97 - 48}: a fixed, non-trivial pattern; the network's work does not depend on it. */
    static byte[] features() {
        byte[] features = new byte[BYTES];
        for (int i = 0; i < BYTES; i++) {
            features[i] = (byte) ((i * 37) % 97 - 48);
        }
        return features;
    }
}
