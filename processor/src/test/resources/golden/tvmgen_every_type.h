#ifndef TVMGEN_EVERY_TYPE_H_
#define TVMGEN_EVERY_TYPE_H_
#include <stdint.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/*!
 * \brief Input tensor pointers for TVM module "every_type" 
 */
struct tvmgen_every_type_inputs {
  void* in;
};

/*!
 * \brief Output tensor pointers for TVM module "every_type" 
 */
struct tvmgen_every_type_outputs {
  void* out;
};

/*!
 * \brief entrypoint function for TVM module "every_type"
 * \param inputs Input tensors for the module 
 * \param outputs Output tensors for the module 
 */
int32_t tvmgen_every_type_run(
  struct tvmgen_every_type_inputs* inputs,
  struct tvmgen_every_type_outputs* outputs
);
/*!
 * \brief Workspace size for TVM module "every_type" 
 */
#define TVMGEN_EVERY_TYPE_WORKSPACE_SIZE 0
/*!
 * \brief Adds the small ones.
 * \param a the first
 * \param b the second
 */
int8_t tvmgen_every_type_add8(int8_t a, int8_t b);
/*!
 * \brief Function add16 of TVM module "every_type"
 * \param a
 * \param b
 */
int16_t tvmgen_every_type_add16(int16_t a, int16_t b);
/*!
 * \brief Function add64 of TVM module "every_type"
 * \param a
 * \param b
 */
int64_t tvmgen_every_type_add64(int64_t a, int64_t b);
/*!
 * \brief Function half of TVM module "every_type"
 * \param x
 */
float tvmgen_every_type_half(float x);
/*!
 * \brief Function twice of TVM module "every_type"
 * \param x
 */
double tvmgen_every_type_twice(double x);
/*!
 * \brief Function negate of TVM module "every_type"
 * \param flag
 */
bool tvmgen_every_type_negate(bool flag);
/*!
 * \brief Function upper of TVM module "every_type"
 * \param c
 */
uint16_t tvmgen_every_type_upper(uint16_t c);
/*!
 * \brief Function at of TVM module "every_type"
 * \param base
 * \param offset
 */
void* tvmgen_every_type_at(void* base, int64_t offset);
/*!
 * \brief Function length of TVM module "every_type"
 * \param text
 */
int32_t tvmgen_every_type_length(const char* text);
/*!
 * \brief Function fill of TVM module "every_type"
 * \param b
 * \param s
 * \param c
 * \param i
 * \param l
 * \param f
 * \param d
 */
void tvmgen_every_type_fill(int8_t* b, int16_t* s, uint16_t* c, int32_t* i, int64_t* l, float* f, double* d);
/*!
 * \brief Function reset of TVM module "every_type"
 */
void tvmgen_every_type_reset(void);
/*!
 * \brief Divides a/ *b, then ? ?= prints C:
 * \param a
 * \param b
 */
int32_t tvmgen_every_type_divide(int32_t a, int32_t b);

#ifdef __cplusplus
}
#endif

#endif // TVMGEN_EVERY_TYPE_H_
