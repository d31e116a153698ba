#define _POSIX_C_SOURCE 199309L
#include <time.h>
#include "tvmgen_twin.h"
#include "acme_twin.h"
#include "fw_twin.h"
#include "tvmgen_slow.h"
#include "twins.h"

TWIN_RUN(tvmgen, 1)
TWIN_RUN(acme, 2)
TWIN_RUN(fw, 3)

int32_t tvmgen_slow_run(struct tvmgen_slow_inputs* inputs, struct tvmgen_slow_outputs* outputs) {
    struct timespec half = {0, 500000000L};
    nanosleep(&half, NULL);
    *(int32_t*) outputs->out = *(const int32_t*) inputs->in;
    return 0;
}
