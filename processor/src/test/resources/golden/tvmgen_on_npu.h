#ifndef TVMGEN_ON_NPU_H_
#define TVMGEN_ON_NPU_H_
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*!
 * \brief Input tensor pointers for TVM module "on_npu" 
 */
struct tvmgen_on_npu_inputs {
  void* input;
};

/*!
 * \brief Output tensor pointers for TVM module "on_npu" 
 */
struct tvmgen_on_npu_outputs {
  void* output;
};

/*!
 * \brief Device context pointers for TVM module "on_npu" 
 */
struct tvmgen_on_npu_devices {
  void* ethos_u;
  void* dsp;
};

/*!
 * \brief entrypoint function for TVM module "on_npu"
 * \param inputs Input tensors for the module 
 * \param outputs Output tensors for the module 
 * \param devices Device context pointers for the module 
 */
int32_t tvmgen_on_npu_run(
  struct tvmgen_on_npu_inputs* inputs,
  struct tvmgen_on_npu_outputs* outputs,
  struct tvmgen_on_npu_devices* devices
);
/*!
 * \brief Workspace size for TVM module "on_npu" 
 */
#define TVMGEN_ON_NPU_WORKSPACE_SIZE 0

#ifdef __cplusplus
}
#endif

#endif // TVMGEN_ON_NPU_H_
