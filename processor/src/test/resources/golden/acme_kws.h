#ifndef ACME_KWS_H_
#define ACME_KWS_H_
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*!
 * \brief Input tensor audio size (in bytes) for TVM module "kws" 
 */
#define ACME_KWS_AUDIO_SIZE 1960
/*!
 * \brief Output tensor scores size (in bytes) for TVM module "kws" 
 */
#define ACME_KWS_SCORES_SIZE 12
/*!
 * \brief Input tensor pointers for TVM module "kws" 
 */
struct acme_kws_inputs {
  void* audio;
};

/*!
 * \brief Output tensor pointers for TVM module "kws" 
 */
struct acme_kws_outputs {
  void* scores;
};

/*!
 * \brief entrypoint function for TVM module "kws"
 * \param inputs Input tensors for the module 
 * \param outputs Output tensors for the module 
 */
int32_t acme_kws_run(
  struct acme_kws_inputs* inputs,
  struct acme_kws_outputs* outputs
);
/*!
 * \brief Workspace size for TVM module "kws" 
 */
#define ACME_KWS_WORKSPACE_SIZE 2048

#ifdef __cplusplus
}
#endif

#endif // ACME_KWS_H_
