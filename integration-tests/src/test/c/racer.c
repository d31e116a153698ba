/* The model of ConcurrentLoadTest: a plain function, and a count of calls per loaded library
   (atomic: plain entry points are not serialized, and the test calls them from 8 threads). */
#include <stdatomic.h>
#include "tvmgen_racer.h"

static atomic_int calls;

int32_t tvmgen_racer_twice(int32_t x) {
    atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed);
    return 2 * x;
}

int32_t tvmgen_racer_calls(void) {
    return atomic_load(&calls);
}
