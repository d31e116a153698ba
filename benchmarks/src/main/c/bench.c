#include "tvmgen_bench.h"
#include "tvmgen_bench_critical.h"

enum { FLOATS = TVMGEN_BENCH_A_SIZE / sizeof(float) };

int32_t tvmgen_bench_add(int32_t a, int32_t b) { return a + b; }
int32_t tvmgen_bench_answer(void) { return 42; }

void tvmgen_bench_vector_add(float* a, float* b, float* out, int32_t n) {
    for (int32_t i = 0; i < n; i++) out[i] = a[i] + b[i];
}

int32_t tvmgen_bench_run(struct tvmgen_bench_inputs* inputs, struct tvmgen_bench_outputs* outputs) {
    const float* a = inputs->a;
    const float* b = inputs->b;
    float* out = outputs->out;
    for (int i = 0; i < FLOATS; i++) out[i] = a[i] + b[i];
    return 0;
}

int32_t tvmgen_bench_critical_add(int32_t a, int32_t b) { return a + b; }
int32_t tvmgen_bench_critical_answer(void) { return 42; }

void tvmgen_bench_critical_vector_add(float* a, float* b, float* out, int32_t n) {
    tvmgen_bench_vector_add(a, b, out, n);
}

int32_t tvmgen_bench_critical_run(struct tvmgen_bench_critical_inputs* inputs,
                                  struct tvmgen_bench_critical_outputs* outputs) {
    struct tvmgen_bench_inputs in = {inputs->a, inputs->b};
    struct tvmgen_bench_outputs out = {outputs->out};
    return tvmgen_bench_run(&in, &out);
}
