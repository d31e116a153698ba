/*
 * The physical limit: C calling the benchmarked functions through a function pointer, so the call
 * is not inlined. Prints ns per call of add and of answer.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <time.h>
#include "tvmgen_bench.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(void) {
    int32_t (*volatile add)(int32_t, int32_t) = tvmgen_bench_add;
    int32_t (*volatile answer)(void) = tvmgen_bench_answer;
    const long calls = 200000000L;
    volatile int32_t sink = 0;
    for (int round = 0; round < 3; round++) {
        double start = now();
        for (long i = 0; i < calls; i++) sink = add((int32_t) i, 1);
        double middle = now();
        for (long i = 0; i < calls; i++) sink = answer();
        double end = now();
        printf("direct C call: add %.2f ns, answer %.2f ns\n", (middle - start) / calls,
               (end - middle) / calls);
    }
    return sink == 42 ? 0 : 1;
}
