/* AcleTest's window on TVM 0.11's CMSIS spellings, through the header TVM 0.11 includes for them
 * (platform/acle/arm_nnsupportfunctions.h on a host). */
#include <arm_nnsupportfunctions.h>
#include <stdint.h>

uint32_t acle_cmsis_sxtb16(uint32_t x) { return __SXTB16(x); }
int32_t acle_cmsis_smlad(uint32_t x, uint32_t y, int32_t acc) { return __SMLAD(x, y, acc); }
uint32_t acle_cmsis_ror(uint32_t x, uint32_t n) { return __ROR(x, n); }
uint32_t acle_cmsis_ssub8_sel(uint32_t a, uint32_t b, uint32_t x, uint32_t y) {
    (void) __SSUB8(a, b);
    return __SEL(x, y);
}
