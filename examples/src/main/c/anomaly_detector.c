/*
 * An anomaly detector for 16 sensor samples: a linear autoencoder whose encoder keeps the four
 * lowest DCT-II frequencies and whose decoder is its transpose. The score is the mean squared
 * reconstruction error: small for smooth signals, large for spikes and noise.
 */
#include <math.h>
#include "fw_anomaly_detector.h"

enum { SAMPLES = 16, CODE = 4 };
static const float PI = 3.14159265358979f;

static float basis(int k, int n) {
    float scale = k == 0 ? sqrtf(1.0f / SAMPLES) : sqrtf(2.0f / SAMPLES);
    return scale * cosf(PI / SAMPLES * ((float) n + 0.5f) * (float) k);
}

int32_t fw_anomaly_detector_run(struct fw_anomaly_detector_inputs* inputs,
                                  struct fw_anomaly_detector_outputs* outputs) {
    const float* signal = inputs->signal;
    float code[CODE];
    for (int k = 0; k < CODE; k++) {
        code[k] = 0;
        for (int n = 0; n < SAMPLES; n++) code[k] += basis(k, n) * signal[n];
    }
    float error = 0;
    for (int n = 0; n < SAMPLES; n++) {
        float decoded = 0;
        for (int k = 0; k < CODE; k++) decoded += basis(k, n) * code[k];
        error += (signal[n] - decoded) * (signal[n] - decoded);
    }
    *(float*) outputs->score = error / SAMPLES;
    return 0;
}
