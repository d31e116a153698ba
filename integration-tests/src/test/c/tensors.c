#include <string.h>
#include "tvmgen_tensors.h"

static int32_t runs;

int32_t tvmgen_tensors_run(struct tvmgen_tensors_inputs* inputs,
                           struct tvmgen_tensors_outputs* outputs,
                           struct tvmgen_tensors_workspace_pools* workspace_pools,
                           struct tvmgen_tensors_devices* devices) {
    runs++;
    const float* x = inputs->x_0;
    const float* bias = inputs->bias;
    float* y = outputs->y;
    double sum = 0;
    for (int k = 0; k < TVMGEN_TENSORS_X_0_SIZE / (int) sizeof(float); k++) {
        y[k] = x[k] + bias[k];
        sum += y[k];
    }
    memcpy(outputs->sum, &sum, sizeof sum);
    memset(workspace_pools->sram, 0x5a, TVMGEN_TENSORS_SRAM_WORKSPACE_POOL_SIZE);
    return *(const int32_t*) devices->npu;
}

int32_t tvmgen_tensors_runs(void) { return runs; }
