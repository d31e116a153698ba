#ifndef TVMGEN_SHAPED_H_
#define TVMGEN_SHAPED_H_
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*!
 * \brief Input tensor input_1 size (in bytes) for TVM module "shaped" 
 */
#define TVMGEN_SHAPED_INPUT_1_SIZE 490
/*!
 * \brief Input tensor gain size (in bytes) for TVM module "shaped" 
 */
#define TVMGEN_SHAPED_GAIN_SIZE 4
/*!
 * \brief Output tensor Identity size (in bytes) for TVM module "shaped" 
 */
#define TVMGEN_SHAPED_IDENTITY_SIZE 12
/*!
 * \brief Input tensor pointers for TVM module "shaped" 
 */
struct tvmgen_shaped_inputs {
  void* input_1;
  void* gain;
};

/*!
 * \brief Output tensor pointers for TVM module "shaped" 
 */
struct tvmgen_shaped_outputs {
  void* Identity;
};

/*!
 * \brief entrypoint function for TVM module "shaped"
 * \param inputs Input tensors for the module 
 * \param outputs Output tensors for the module 
 */
int32_t tvmgen_shaped_run(
  struct tvmgen_shaped_inputs* inputs,
  struct tvmgen_shaped_outputs* outputs
);
/*!
 * \brief Workspace size for TVM module "shaped" 
 */
#define TVMGEN_SHAPED_WORKSPACE_SIZE 56448

#ifdef __cplusplus
}
#endif

#endif // TVMGEN_SHAPED_H_
