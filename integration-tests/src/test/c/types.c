#include <string.h>
#include "tvmgen_types.h"

static int32_t calls;

int8_t tvmgen_types_negate_byte(int8_t v) { calls++; return (int8_t) -v; }
int16_t tvmgen_types_negate_short(int16_t v) { calls++; return (int16_t) -v; }
int32_t tvmgen_types_negate_int(int32_t v) { calls++; return (int32_t) (0u - (uint32_t) v); }
int64_t tvmgen_types_negate_long(int64_t v) { calls++; return (int64_t) (0u - (uint64_t) v); }
float tvmgen_types_negate_float(float v) { calls++; return -v; }
double tvmgen_types_negate_double(double v) { calls++; return -v; }
bool tvmgen_types_not(bool v) { calls++; return !v; }
uint16_t tvmgen_types_next_char(uint16_t v) { calls++; return (uint16_t) (v + 1); }
int64_t tvmgen_types_add(int64_t a, int32_t b, int16_t c, int8_t d) { calls++; return a + b + c + d; }
double tvmgen_types_mix(float a, double b, int32_t c) { calls++; return a * b + c; }

void* tvmgen_types_offset(void* base, int64_t bytes) { calls++; return (char*) base + bytes; }
int32_t tvmgen_types_peek(void* address) { calls++; return *(int32_t*) address; }

int32_t tvmgen_types_utf8_length(const char* text) { calls++; return (int32_t) strlen(text); }
int32_t tvmgen_types_byte_sum(const char* text) {
    calls++;
    int32_t sum = 0;
    for (const unsigned char* p = (const unsigned char*) text; *p; p++) sum += *p;
    return sum;
}

void tvmgen_types_increment(int8_t* b, int16_t* s, uint16_t* c, int32_t* i, int64_t* l, float* f,
                            double* d, int32_t n) {
    calls++;
    for (int32_t k = 0; k < n; k++) {
        b[k] = (int8_t) (b[k] + k + 1);
        s[k] = (int16_t) (s[k] + k + 1);
        c[k] = (uint16_t) (c[k] + k + 1);
        i[k] += k + 1;
        l[k] += k + 1;
        f[k] += (float) (k + 1);
        d[k] += k + 1;
    }
}

int64_t tvmgen_types_sum_critical(int32_t* values, int32_t n) {
    calls++;
    int64_t sum = 0;
    for (int32_t k = 0; k < n; k++) sum += values[k];
    return sum;
}

void tvmgen_types_scale_critical(float* values, int32_t n, float factor) {
    calls++;
    for (int32_t k = 0; k < n; k++) values[k] *= factor;
}

int32_t tvmgen_types_critical_length(const char* text) { calls++; return (int32_t) strlen(text); }

int32_t tvmgen_types_calls(void) { return calls; }
void tvmgen_types_reset_calls(void) { calls = 0; }
