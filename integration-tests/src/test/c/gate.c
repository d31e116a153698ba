/* A model whose run waits in C until the gate opens: it shows which runs are inside at once. */
#define _POSIX_C_SOURCE 199309L
#include <stdatomic.h>
#include <time.h>
#include "tvmgen_gate.h"

static atomic_int gate_open = 1;
static atomic_int inside_now;
static atomic_int most_inside;

int32_t tvmgen_gate_run(struct tvmgen_gate_inputs* inputs, struct tvmgen_gate_outputs* outputs) {
  int now = atomic_fetch_add(&inside_now, 1) + 1;
  int most = atomic_load(&most_inside);
  while (now > most && !atomic_compare_exchange_weak(&most_inside, &most, now)) {
  }
  while (!atomic_load(&gate_open)) {
    struct timespec pause = {0, 100000};
    nanosleep(&pause, NULL);
  }
  *(int32_t*)outputs->out = *(const int32_t*)inputs->in;
  atomic_fetch_sub(&inside_now, 1);
  return 0;
}

void tvmgen_gate_open(void) { atomic_store(&gate_open, 1); }

void tvmgen_gate_shut(void) { atomic_store(&gate_open, 0); }

int32_t tvmgen_gate_inside(void) { return atomic_load(&inside_now); }

int32_t tvmgen_gate_most_inside(void) { return atomic_load(&most_inside); }
