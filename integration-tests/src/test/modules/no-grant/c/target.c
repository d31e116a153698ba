/*
 * The native code the third module would like to run: it counts its calls, which the app reads,
 * and returns 0 (success, an empty pointer) so that a caller that got through goes no further.
 */
#include <stdint.h>

int32_t target_calls = 0;

int32_t target_call(void* a, void* b, void* c, void* d) {
    (void) a; (void) b; (void) c; (void) d;
    ++target_calls;
    return 0;
}
