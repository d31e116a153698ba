#ifndef TVMGEN_ULTIMATE_CAT_SPOTTER_H_
#define TVMGEN_ULTIMATE_CAT_SPOTTER_H_
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*!
 * \brief Input tensor input1 size (in bytes) for TVM module "ultimate_cat_spotter" 
 */
#define TVMGEN_ULTIMATE_CAT_SPOTTER_INPUT1_SIZE 537
/*!
 * \brief Input tensor input2 size (in bytes) for TVM module "ultimate_cat_spotter" 
 */
#define TVMGEN_ULTIMATE_CAT_SPOTTER_INPUT2_SIZE 213
/*!
 * \brief Output tensor output1 size (in bytes) for TVM module "ultimate_cat_spotter" 
 */
#define TVMGEN_ULTIMATE_CAT_SPOTTER_OUTPUT1_SIZE 22
/*!
 * \brief Output tensor output2 size (in bytes) for TVM module "ultimate_cat_spotter" 
 */
#define TVMGEN_ULTIMATE_CAT_SPOTTER_OUTPUT2_SIZE 76
/*!
 * \brief Input tensor pointers for TVM module "ultimate_cat_spotter" 
 */
struct tvmgen_ultimate_cat_spotter_inputs {
  void* input1;
  void* input2;
};

/*!
 * \brief Output tensor pointers for TVM module "ultimate_cat_spotter" 
 */
struct tvmgen_ultimate_cat_spotter_outputs {
  void* output1;
  void* output2;
};

/*!
 * \brief entrypoint function for TVM module "ultimate_cat_spotter"
 * \param inputs Input tensors for the module 
 * \param outputs Output tensors for the module 
 */
int32_t tvmgen_ultimate_cat_spotter_run(
  struct tvmgen_ultimate_cat_spotter_inputs* inputs,
  struct tvmgen_ultimate_cat_spotter_outputs* outputs
);
/*!
 * \brief Workspace size for TVM module "ultimate_cat_spotter" 
 */
#define TVMGEN_ULTIMATE_CAT_SPOTTER_WORKSPACE_SIZE 765432

#ifdef __cplusplus
}
#endif

#endif // TVMGEN_ULTIMATE_CAT_SPOTTER_H_
