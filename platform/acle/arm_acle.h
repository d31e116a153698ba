/*
 * tvmbind's arm_acle.h for hosts whose compiler has none with the DSP intrinsics (x86-64, and
 * aarch64, whose arm_acle.h lacks them): put this directory first on the include path
 * (-I platform/acle) when building C that TVM's Cortex-M schedules wrote for a JVM host.
 *
 * Where the compiler targets a core with the DSP extension (__ARM_FEATURE_DSP), its own header
 * and the real instructions are used; the portable versions (tvmbind_*) are still declared, for
 * the test that compares them with the instructions. Covered: what TVM 0.15-0.19's mprofile
 * schedules call (python/tvm/topi/arm_cpu/mprofile/dsp/micro_kernel/): __sxtb16, __smlad,
 * __ssub8, __sel, __ssat, __ror, __pkhbt, __pkhtb, and clang's __builtin_arm_smlabb and
 * __builtin_arm_smlatt; TVM 0.11's CMSIS spellings __SXTB16, __SMLAD, __ROR, __SSUB8, __SEL.
 * Each follows the ACLE specification's pseudo-code: AcleTest checks them against a separate
 * Java rendering of it, AcleInstructionsTest against the instructions themselves (armhf, qemu).
 */
#ifndef TVMBIND_ARM_ACLE_H_
#define TVMBIND_ARM_ACLE_H_

#if defined(__ARM_FEATURE_DSP)
#include_next <arm_acle.h>
#endif

#include <stdint.h>

/* The GE flags the last tvmbind_ssub8 set, one per byte: what tvmbind_sel reads. Per thread. */
static _Thread_local uint32_t tvmbind_acle_ge;

/* Rotate right. */
static inline uint32_t tvmbind_ror(uint32_t x, uint32_t n) {
    n %= 32U;
    return n == 0U ? x : (x >> n) | (x << (32U - n));
}

/* Two signed bytes (0 and 2) extended to two signed halfwords. */
static inline uint32_t tvmbind_sxtb16(uint32_t x) {
    uint32_t low = (uint32_t) (int32_t) (int8_t) (x & 0xFFU) & 0xFFFFU;
    uint32_t high = (uint32_t) (int32_t) (int8_t) ((x >> 16) & 0xFFU) & 0xFFFFU;
    return low | (high << 16);
}

/* acc + x.lo * y.lo + x.hi * y.hi, signed halfwords, the sum modulo 2^32. */
static inline int32_t tvmbind_smlad(uint32_t x, uint32_t y, int32_t acc) {
    int32_t low = (int32_t) (int16_t) (x & 0xFFFFU) * (int32_t) (int16_t) (y & 0xFFFFU);
    int32_t high = (int32_t) (int16_t) (x >> 16) * (int32_t) (int16_t) (y >> 16);
    return (int32_t) ((uint32_t) acc + (uint32_t) low + (uint32_t) high);
}

/* acc + x.lo * y.lo (SMLABB) and acc + x.hi * y.hi (SMLATT), modulo 2^32. */
static inline int32_t tvmbind_smlabb(int32_t x, int32_t y, int32_t acc) {
    return (int32_t) ((uint32_t) acc
            + (uint32_t) ((int32_t) (int16_t) (x & 0xFFFF) * (int32_t) (int16_t) (y & 0xFFFF)));
}
static inline int32_t tvmbind_smlatt(int32_t x, int32_t y, int32_t acc) {
    return (int32_t) ((uint32_t) acc + (uint32_t) ((int32_t) (int16_t) ((uint32_t) x >> 16)
            * (int32_t) (int16_t) ((uint32_t) y >> 16)));
}

/* Four signed byte differences, each modulo 2^8; GE[i] = the difference is >= 0. */
static inline uint32_t tvmbind_ssub8(uint32_t a, uint32_t b) {
    uint32_t result = 0;
    uint32_t ge = 0;
    for (int i = 0; i < 4; i++) {
        int32_t diff = (int32_t) (int8_t) (a >> (8 * i)) - (int32_t) (int8_t) (b >> (8 * i));
        result |= ((uint32_t) diff & 0xFFU) << (8 * i);
        if (diff >= 0) {
            ge |= 1U << i;
        }
    }
    tvmbind_acle_ge = ge;
    return result;
}

/* Each byte from a where the last tvmbind_ssub8 set its GE flag, else from b. */
static inline uint32_t tvmbind_sel(uint32_t a, uint32_t b) {
    uint32_t result = 0;
    for (int i = 0; i < 4; i++) {
        uint32_t from = (tvmbind_acle_ge >> i) & 1U ? a : b;
        result |= from & (0xFFU << (8 * i));
    }
    return result;
}

/* x saturated to a signed value of `bits` bits (1 to 32). */
static inline int32_t tvmbind_ssat(int32_t x, unsigned bits) {
    int64_t max = ((int64_t) 1 << (bits - 1)) - 1;
    int64_t min = -((int64_t) 1 << (bits - 1));
    return x > max ? (int32_t) max : x < min ? (int32_t) min : x;
}

/* The low half of a with b shifted left into the top half (PKHBT); the top half of a with b
   shifted right arithmetically into the low half (PKHTB; a shift of 0 takes b's low half). */
static inline uint32_t tvmbind_pkhbt(uint32_t a, uint32_t b, unsigned shift) {
    return (a & 0xFFFFU) | ((shift > 31U ? 0U : b << shift) & 0xFFFF0000U);
}
static inline uint32_t tvmbind_pkhtb(uint32_t a, uint32_t b, unsigned shift) {
    /* ASR by 1 to 32; by 32 (and beyond) every bit is the sign. */
    uint32_t shifted = shift == 0 ? b : (uint32_t) ((int32_t) b >> (shift > 31U ? 31U : shift));
    return (a & 0xFFFF0000U) | (shifted & 0xFFFFU);
}

#if !defined(__ARM_FEATURE_DSP)
#define __ror(x, n) tvmbind_ror((uint32_t) (x), (uint32_t) (n))
#define __sxtb16(x) tvmbind_sxtb16((uint32_t) (x))
#define __smlad(x, y, acc) tvmbind_smlad((uint32_t) (x), (uint32_t) (y), (int32_t) (acc))
#define __builtin_arm_smlabb(x, y, acc) tvmbind_smlabb((int32_t) (x), (int32_t) (y), (int32_t) (acc))
#define __builtin_arm_smlatt(x, y, acc) tvmbind_smlatt((int32_t) (x), (int32_t) (y), (int32_t) (acc))
#define __ssub8(a, b) tvmbind_ssub8((uint32_t) (a), (uint32_t) (b))
#define __sel(a, b) tvmbind_sel((uint32_t) (a), (uint32_t) (b))
#define __ssat(x, bits) tvmbind_ssat((int32_t) (x), (unsigned) (bits))
/* TVM's schedules define __ror, __pkhbt and __pkhtb with ARM assembly unless this is set. */
#define ARM_CPU_INTRINSICS_EXIST 1
#define __pkhbt(a, b, shift) tvmbind_pkhbt((uint32_t) (a), (uint32_t) (b), (unsigned) (shift))
#define __pkhtb(a, b, shift) tvmbind_pkhtb((uint32_t) (a), (uint32_t) (b), (unsigned) (shift))
/* TVM 0.11 wrote CMSIS's names. */
#define __SXTB16(x) tvmbind_sxtb16((uint32_t) (x))
#define __SMLAD(x, y, acc) tvmbind_smlad((uint32_t) (x), (uint32_t) (y), (int32_t) (acc))
#define __ROR(x, n) tvmbind_ror((uint32_t) (x), (uint32_t) (n))
#define __SSUB8(a, b) tvmbind_ssub8((uint32_t) (a), (uint32_t) (b))
#define __SEL(a, b) tvmbind_sel((uint32_t) (a), (uint32_t) (b))
#endif /* !__ARM_FEATURE_DSP */

#endif /* TVMBIND_ARM_ACLE_H_ */
