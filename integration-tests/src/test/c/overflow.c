/* Writes its output, and as many int32 past its end as the input says: a model whose C and
 * interface disagree. */
#include "tvmgen_overflow.h"

int32_t tvmgen_overflow_run(struct tvmgen_overflow_inputs* inputs,
                            struct tvmgen_overflow_outputs* outputs) {
  int32_t past = *(const int32_t*)inputs->in;
  int32_t* out = outputs->out;
  for (int32_t i = 0; i <= past; i++) {
    out[i] = 7;
  }
  return 0;
}
