/* Deterministic pseudo-random weights, the same bits as dev.tvmbind.examples.Weights in Java. */
#ifndef EXAMPLES_WEIGHTS_H_
#define EXAMPLES_WEIGHTS_H_
#include <stdint.h>

static inline float examples_weight(uint32_t seed, uint32_t index) {
    uint32_t x = (index + 1u) * 2654435761u ^ seed * 40503u;
    x ^= x >> 15;
    x *= 2246822519u;
    x ^= x >> 13;
    return ((float) (x & 0xffffu) / 65535.0f - 0.5f) * 0.1f;
}

#endif
