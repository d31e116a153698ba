#ifndef FW_RUNTIME_H_
#define FW_RUNTIME_H_
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*!
 * \brief Returns how many inputs the model has.
 */
int32_t fw_runtime_get_num_inputs(void);
/*!
 * \brief Finds an input by name.
 * \param name the input's name, UTF-8
 * \return its index, or -1
 */
int32_t fw_runtime_get_input_index(const char* name);
/*!
 * \brief Function set_input of TVM module "runtime"
 * \param index
 * \param data
 */
int32_t fw_runtime_set_input(int32_t index, void* data);
/*!
 * \brief Function run of TVM module "runtime"
 */
int32_t fw_runtime_run(void);
/*!
 * \brief Function get_output of TVM module "runtime"
 * \param index
 * \param data
 */
int32_t fw_runtime_get_output(int32_t index, void* data);

#ifdef __cplusplus
}
#endif

#endif // FW_RUNTIME_H_
