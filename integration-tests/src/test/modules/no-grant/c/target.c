/* The native code the third module would like to run: it counts its calls, which the app reads. */
#include <stdint.h>

int32_t target_calls = 0;

int32_t target_call(void* a, void* b, void* c, void* d) {
    (void) a; (void) b; (void) c; (void) d;
    return ++target_calls;
}
