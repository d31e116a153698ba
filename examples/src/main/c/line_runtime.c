/*
 * A module-style runtime over the line classifier, in the manner of TVM's module-based runtime:
 * inputs and outputs by index or name, set_input / run / get_output as separate calls.
 */
#include <string.h>
#include "fw_line_classifier.h"
#include "fw_line_runtime.h"

static float input[FW_LINE_CLASSIFIER_SERVING_DEFAULT_IMAGE_0_SIZE / sizeof(float)];
static float output[FW_LINE_CLASSIFIER_STATEFULPARTITIONEDCALL_0_SIZE / sizeof(float)];
static float sram[FW_LINE_CLASSIFIER_SRAM_WORKSPACE_POOL_SIZE / sizeof(float)];

int32_t fw_line_runtime_get_num_inputs(void) { return 1; }

int32_t fw_line_runtime_get_input_index(const char* name) {
    return strcmp(name, "serving_default_image:0") == 0 ? 0 : -1;
}

int32_t fw_line_runtime_set_input(int32_t index, void* data) {
    if (index != 0) return -1;
    memcpy(input, data, sizeof input);
    return 0;
}

int32_t fw_line_runtime_run(void) {
    struct fw_line_classifier_inputs inputs = {input};
    struct fw_line_classifier_outputs outputs = {output};
    struct fw_line_classifier_workspace_pools pools = {sram};
    return fw_line_classifier_run(&inputs, &outputs, &pools);
}

int32_t fw_line_runtime_get_output(int32_t index, void* data) {
    if (index != 0) return -1;
    memcpy(data, output, sizeof output);
    return 0;
}
