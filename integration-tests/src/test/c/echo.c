/* Writes exactly its output's declared 4 bytes; returns the input's fifth byte as its status. */
#include <string.h>
#include "tvmgen_echo.h"

int32_t tvmgen_echo_run(struct tvmgen_echo_inputs* inputs, struct tvmgen_echo_outputs* outputs) {
  const int8_t* in = inputs->in;
  memcpy(outputs->out, in, TVMGEN_ECHO_OUT_SIZE);
  return in[4];
}
