/*
 * The baseline of the real-model benchmark: C calling TVM's tvmgen_default_run on the same input
 * as RealModelBenchmarks (AwwInput.features), through a function pointer. Prints microseconds per
 * run for five rounds, then the scores, which the Java side must match (BenchmarksSmokeTest).
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "tvmgen_default.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(int argc, char** argv) {
  long runs = argc > 1 ? atol(argv[1]) : 2000;
  static int8_t features[TVMGEN_DEFAULT_INPUT_1_SIZE];
  static int8_t scores[TVMGEN_DEFAULT_IDENTITY_SIZE];
  for (int i = 0; i < TVMGEN_DEFAULT_INPUT_1_SIZE; i++) features[i] = (int8_t)((i * 37) % 97 - 48);
  struct tvmgen_default_inputs inputs = {features};
  struct tvmgen_default_outputs outputs = {scores};
  int32_t (*volatile run)(struct tvmgen_default_inputs*, struct tvmgen_default_outputs*) =
      tvmgen_default_run;
  for (int round = 0; round < 5; round++) {
    double start = now();
    for (long i = 0; i < runs; i++) {
      if (run(&inputs, &outputs) != 0) return 1;
    }
    printf("direct C run: %.2f us\n", (now() - start) / runs / 1000);
  }
  printf("scores");
  for (int k = 0; k < TVMGEN_DEFAULT_IDENTITY_SIZE; k++) printf(" %d", scores[k]);
  printf("\n");
  return 0;
}
