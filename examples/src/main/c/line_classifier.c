/*
 * A small convolutional network in the style of TVM's AOT executor: the run function takes the
 * inputs, outputs and workspace-pool structs that the generated header declares, and keeps every
 * intermediate activation in the workspace pool the caller provides.
 *
 *   image 8x8 -> conv 3x3, 8 channels, ReLU -> dense 288->16, ReLU -> dense 16->3 -> softmax
 *
 * Channels 0-2 detect horizontal, vertical and diagonal strokes; the rest, and most dense weights,
 * are deterministic pseudo-random values (4,755 weights in all).
 */
#include <math.h>
#include "fw_line_classifier.h"
#include "weights.h"

enum { SIDE = 8, CONV = 6, CHANNELS = 8, HIDDEN = 16, CLASSES = 3 };

static const float DETECTORS[3][3][3] = {
    {{-1, -1, -1}, {2, 2, 2}, {-1, -1, -1}},
    {{-1, 2, -1}, {-1, 2, -1}, {-1, 2, -1}},
    {{2, -1, -1}, {-1, 2, -1}, {-1, -1, 2}},
};

static float kernel(int c, int i, int j) {
    return c < 3 ? DETECTORS[c][i][j] : examples_weight(1, (uint32_t) ((c * 3 + i) * 3 + j));
}

static float conv_bias(int c) { return c < 3 ? 0.0f : examples_weight(2, (uint32_t) c); }

static float dense1(int h, int c, int y, int x) {
    if (h < 3) return h == c ? 1.0f / (CONV * CONV) : 0.0f;
    return examples_weight(3, (uint32_t) (((h * CHANNELS + c) * CONV + y) * CONV + x));
}

static float dense1_bias(int h) { return h < 3 ? 0.0f : examples_weight(4, (uint32_t) h); }

static float dense2(int k, int h) {
    if (h < 3) return h == k ? 4.0f : 0.0f;
    return examples_weight(5, (uint32_t) (k * HIDDEN + h));
}

int32_t fw_line_classifier_run(struct fw_line_classifier_inputs* inputs,
                                 struct fw_line_classifier_outputs* outputs,
                                 struct fw_line_classifier_workspace_pools* workspace_pools) {
    const float* image = inputs->serving_default_image_0;
    float* scores = outputs->StatefulPartitionedCall_0;
    float* act = workspace_pools->sram;          /* CHANNELS x CONV x CONV */
    float* hidden = act + CHANNELS * CONV * CONV; /* HIDDEN */

    for (int c = 0; c < CHANNELS; c++) {
        for (int y = 0; y < CONV; y++) {
            for (int x = 0; x < CONV; x++) {
                float sum = conv_bias(c);
                for (int i = 0; i < 3; i++) {
                    for (int j = 0; j < 3; j++) {
                        sum += kernel(c, i, j) * image[(y + i) * SIDE + x + j];
                    }
                }
                act[(c * CONV + y) * CONV + x] = sum > 0 ? sum : 0;
            }
        }
    }
    for (int h = 0; h < HIDDEN; h++) {
        float sum = dense1_bias(h);
        for (int c = 0; c < CHANNELS; c++) {
            for (int y = 0; y < CONV; y++) {
                for (int x = 0; x < CONV; x++) {
                    sum += dense1(h, c, y, x) * act[(c * CONV + y) * CONV + x];
                }
            }
        }
        hidden[h] = sum > 0 ? sum : 0;
    }
    float logits[CLASSES];
    float max = -INFINITY;
    for (int k = 0; k < CLASSES; k++) {
        float sum = 0;
        for (int h = 0; h < HIDDEN; h++) sum += dense2(k, h) * hidden[h];
        logits[k] = sum;
        if (sum > max) max = sum;
    }
    float total = 0;
    for (int k = 0; k < CLASSES; k++) {
        scores[k] = expf(logits[k] - max);
        total += scores[k];
    }
    for (int k = 0; k < CLASSES; k++) scores[k] /= total;
    return 0;
}
