/*
 * A keyword spotter on 8 frames x 4 frequency bands of energy: one dense layer of templates
 * (rising pitch for "yes", falling for "no", flat for noise) on the normalised input, plus a
 * silence score from the loudness, then softmax. Built into the same library as the anomaly
 * detector: their symbols cannot clash, each lives under its own <prefix>_<model>_ namespace.
 */
#include <math.h>
#include "acme_kws.h"

enum { FRAMES = 8, BANDS = 4, LABELS = 4 };

static float template_weight(int label, int frame, int band) {
    switch (label) {
        case 1: return 1.0f / sqrtf(FRAMES * BANDS);                   /* noise: flat */
        case 2: return band == frame / 2 ? 1.0f / sqrtf(FRAMES) : 0;   /* yes: rising */
        case 3: return band == 3 - frame / 2 ? 1.0f / sqrtf(FRAMES) : 0; /* no: falling */
        default: return 0;
    }
}

int32_t acme_kws_run(struct acme_kws_inputs* inputs, struct acme_kws_outputs* outputs) {
    const float* energy = inputs->spectrogram;
    float* scores = outputs->scores;
    float norm = 0;
    for (int i = 0; i < FRAMES * BANDS; i++) norm += energy[i] * energy[i];
    norm = sqrtf(norm);
    if (!(norm >= 0)) return -1; /* NaN in the input */
    float logits[LABELS];
    logits[0] = 8.0f - 200.0f * norm / sqrtf(FRAMES * BANDS);
    for (int label = 1; label < LABELS; label++) {
        float dot = 0;
        for (int f = 0; f < FRAMES; f++) {
            for (int b = 0; b < BANDS; b++) dot += template_weight(label, f, b) * energy[f * BANDS + b];
        }
        logits[label] = norm > 0 ? 6.0f * dot / norm : 0;
    }
    float max = logits[0];
    for (int k = 1; k < LABELS; k++) if (logits[k] > max) max = logits[k];
    float total = 0;
    for (int k = 0; k < LABELS; k++) {
        scores[k] = expf(logits[k] - max);
        total += scores[k];
    }
    for (int k = 0; k < LABELS; k++) scores[k] /= total;
    return 0;
}
