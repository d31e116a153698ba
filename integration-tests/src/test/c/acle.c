/* AcleTest's window on platform/acle/arm_acle.h: each intrinsic as an exported function. */
#include <arm_acle.h>
#include <stdint.h>

uint32_t acle_sxtb16(uint32_t x) { return __sxtb16(x); }
int32_t acle_smlad(uint32_t x, uint32_t y, int32_t acc) { return __smlad(x, y, acc); }
int32_t acle_smlabb(int32_t x, int32_t y, int32_t acc) { return __builtin_arm_smlabb(x, y, acc); }
int32_t acle_smlatt(int32_t x, int32_t y, int32_t acc) { return __builtin_arm_smlatt(x, y, acc); }
uint32_t acle_ssub8(uint32_t a, uint32_t b) { return __ssub8(a, b); }
/* __sel reads the GE flags of the __ssub8 before it, as TVM's max pooling uses them. */
uint32_t acle_ssub8_sel(uint32_t a, uint32_t b, uint32_t x, uint32_t y) {
    (void) __ssub8(a, b);
    return __sel(x, y);
}
int32_t acle_ssat(int32_t x, uint32_t bits) { return __ssat(x, bits); }
uint32_t acle_ror(uint32_t x, uint32_t n) { return __ror(x, n); }
uint32_t acle_pkhbt(uint32_t a, uint32_t b, uint32_t shift) { return __pkhbt(a, b, shift); }
uint32_t acle_pkhtb(uint32_t a, uint32_t b, uint32_t shift) { return __pkhtb(a, b, shift); }
