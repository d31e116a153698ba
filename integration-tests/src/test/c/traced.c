/* The model of DebuggingTest: a run that fails, so that the test sees the binding's frames. */
#include "tvmgen_traced.h"

int32_t tvmgen_traced_run(struct tvmgen_traced_inputs* inputs,
                          struct tvmgen_traced_outputs* outputs) {
    (void) inputs;
    (void) outputs;
    return 7;
}
