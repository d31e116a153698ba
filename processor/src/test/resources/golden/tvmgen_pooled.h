#ifndef TVMGEN_POOLED_H_
#define TVMGEN_POOLED_H_
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*!
 * \brief Input tensor in size (in bytes) for TVM module "pooled" 
 */
#define TVMGEN_POOLED_IN_SIZE 16
/*!
 * \brief Output tensor out size (in bytes) for TVM module "pooled" 
 */
#define TVMGEN_POOLED_OUT_SIZE 8
/*!
 * \brief Input tensor pointers for TVM module "pooled" 
 */
struct tvmgen_pooled_inputs {
  void* in;
};

/*!
 * \brief Output tensor pointers for TVM module "pooled" 
 */
struct tvmgen_pooled_outputs {
  void* out;
};

/*!
 * \brief Device context pointers for TVM module "pooled" 
 */
struct tvmgen_pooled_devices {
  void* npu;
};

/*!
 * \brief Workspace pool pointers for TVM module "pooled" 
 */
struct tvmgen_pooled_workspace_pools {
  void* sram;
  void* flash;
};

/*!
 * \brief entrypoint function for TVM module "pooled"
 * \param inputs Input tensors for the module 
 * \param outputs Output tensors for the module 
 * \param workspace_pools Workspace memory pool pointers for the module 
 * \param devices Device context pointers for the module 
 */
int32_t tvmgen_pooled_run(
  struct tvmgen_pooled_inputs* inputs,
  struct tvmgen_pooled_outputs* outputs,
  struct tvmgen_pooled_workspace_pools* workspace_pools,
  struct tvmgen_pooled_devices* devices
);
/*!
 * \brief Workspace size for TVM module "pooled" 
 */
#define TVMGEN_POOLED_WORKSPACE_SIZE 1024
/*!
 * \brief sram size for TVM module "pooled" 
 */
#define TVMGEN_POOLED_SRAM_WORKSPACE_POOL_SIZE 65536

#ifdef __cplusplus
}
#endif

#endif // TVMGEN_POOLED_H_
