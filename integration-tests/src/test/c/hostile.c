/* The model whose interface inherits constants named like the classes its binding calls. */
#include <string.h>
#include "hostile_echo.h"

int32_t hostile_echo_run(struct hostile_echo_inputs* inputs, struct hostile_echo_outputs* outputs) {
  memcpy(outputs->out, inputs->in, HOSTILE_ECHO_OUT_SIZE);
  return 0;
}

double hostile_echo_measure(const char* text, double* values, int32_t n) {
  double sum = (double) strlen(text);
  for (int32_t i = 0; i < n; i++) {
    sum += values[i];
  }
  return sum;
}

int64_t hostile_echo_sum(int64_t* values, int32_t n) {
  int64_t sum = 0;
  for (int32_t i = 0; i < n; i++) {
    sum += values[i];
  }
  return sum;
}
