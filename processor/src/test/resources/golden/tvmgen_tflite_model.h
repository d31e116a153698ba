#ifndef TVMGEN_TFLITE_MODEL_H_
#define TVMGEN_TFLITE_MODEL_H_
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*!
 * \brief Input tensor serving_default_x_0 size (in bytes) for TVM module "tflite_model" 
 */
#define TVMGEN_TFLITE_MODEL_SERVING_DEFAULT_X_0_SIZE 3072
/*!
 * \brief Output tensor StatefulPartitionedCall_0 size (in bytes) for TVM module "tflite_model" 
 */
#define TVMGEN_TFLITE_MODEL_STATEFULPARTITIONEDCALL_0_SIZE 40
/*!
 * \brief Input tensor pointers for TVM module "tflite_model" 
 */
struct tvmgen_tflite_model_inputs {
  void* serving_default_x_0;
};

/*!
 * \brief Output tensor pointers for TVM module "tflite_model" 
 */
struct tvmgen_tflite_model_outputs {
  void* StatefulPartitionedCall_0;
};

/*!
 * \brief entrypoint function for TVM module "tflite_model"
 * \param inputs Input tensors for the module 
 * \param outputs Output tensors for the module 
 */
int32_t tvmgen_tflite_model_run(
  struct tvmgen_tflite_model_inputs* inputs,
  struct tvmgen_tflite_model_outputs* outputs
);
/*!
 * \brief Workspace size for TVM module "tflite_model" 
 */
#define TVMGEN_TFLITE_MODEL_WORKSPACE_SIZE 0

#ifdef __cplusplus
}
#endif

#endif // TVMGEN_TFLITE_MODEL_H_
