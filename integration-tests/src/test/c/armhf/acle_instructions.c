/*
 * AcleInstructionsTest's program, built for armhf and run under qemu-arm: each portable
 * intrinsic of platform/acle/arm_acle.h (tvmbind_*) against the real instruction (the compiler's
 * arm_acle.h, and inline assembly for PKHBT/PKHTB as TVM writes it), on edge values and random
 * ones. Prints one line per mismatch and a summary; exits 1 on any.
 */
#include <arm_acle.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

static const uint32_t EDGES[] = {0, 1, 0xFFFFFFFFu, 0x7F, 0x80, 0xFF, 0x7FFF, 0x8000, 0xFFFF,
    0x10000, 0x7FFFFFFFu, 0x80000000u, 0x80808080u, 0x7F7F7F7Fu, 0x00800080u, 0x80008000u,
    0x7FFF7FFFu, 0x01FF01FFu, 0xFF00FF00u, 0x12345678u};
#define EDGE_COUNT (sizeof EDGES / sizeof EDGES[0])

static long mismatches;
static long checks;

static void check(const char* what, uint32_t expected, uint32_t actual, uint32_t a, uint32_t b) {
    checks++;
    if (expected != actual) {
        mismatches++;
        if (mismatches <= 20) {
            printf("%s(%08" PRIx32 ", %08" PRIx32 "): instruction %08" PRIx32 ", portable %08" PRIx32 "\n",
                   what, a, b, expected, actual);
        }
    }
}

/* xorshift32: the same values on every run. */
static uint32_t state = 2463534242u;
static uint32_t next(void) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return state;
}

static uint32_t value(long i) {
    return i < (long) EDGE_COUNT ? EDGES[i] : next();
}

/* ROR by a register: by its bottom byte, 32 leaving the value as it is. */
#define ROR(x, n) ({ uint32_t r; __asm("ror %0, %1, %2" : "=r" (r) : "r" (x), "r" (n)); r; })
#define PKHBT(a, b, s) ({ uint32_t r; __asm("pkhbt %0, %1, %2, lsl %3" : "=r" (r) : "r" (a), "r" (b), "I" (s)); r; })
#define PKHTB(a, b, s) ({ uint32_t r; __asm("pkhtb %0, %1, %2, asr %3" : "=r" (r) : "r" (a), "r" (b), "I" (s)); r; })
#define PKHTB0(a, b) ({ uint32_t r; __asm("pkhtb %0, %1, %2" : "=r" (r) : "r" (a), "r" (b)); r; })
#define SSAT(x, n) check("ssat" #n, (uint32_t) __ssat((int32_t) (x), n), (uint32_t) tvmbind_ssat((int32_t) (x), n), x, n)

int main(int argc, char** argv) {
    long count = argc > 1 ? atol(argv[1]) : 20000;
    for (long i = 0; i < count; i++) {
        uint32_t a = value(i);
        uint32_t b = value((i * 7) % count);
        uint32_t c = next();
        check("sxtb16", __sxtb16(a), tvmbind_sxtb16(a), a, 0);
        check("smlad", (uint32_t) __smlad(a, b, (int32_t) c), (uint32_t) tvmbind_smlad(a, b, (int32_t) c), a, b);
        check("smlabb", (uint32_t) __builtin_arm_smlabb((int32_t) a, (int32_t) b, (int32_t) c),
              (uint32_t) tvmbind_smlabb((int32_t) a, (int32_t) b, (int32_t) c), a, b);
        check("smlatt", (uint32_t) __builtin_arm_smlatt((int32_t) a, (int32_t) b, (int32_t) c),
              (uint32_t) tvmbind_smlatt((int32_t) a, (int32_t) b, (int32_t) c), a, b);
        check("ror", ROR(a, b % 33), tvmbind_ror(a, b % 33), a, b % 33);
        uint32_t difference = __ssub8(a, b);
        uint32_t selected = __sel(0x11223344u, 0xAABBCCDDu);
        check("ssub8", difference, tvmbind_ssub8(a, b), a, b);
        check("sel", selected, tvmbind_sel(0x11223344u, 0xAABBCCDDu), a, b);
        check("pkhbt0", PKHBT(a, b, 0), tvmbind_pkhbt(a, b, 0), a, b);
        check("pkhbt8", PKHBT(a, b, 8), tvmbind_pkhbt(a, b, 8), a, b);
        check("pkhbt16", PKHBT(a, b, 16), tvmbind_pkhbt(a, b, 16), a, b);
        check("pkhbt31", PKHBT(a, b, 31), tvmbind_pkhbt(a, b, 31), a, b);
        check("pkhtb0", PKHTB0(a, b), tvmbind_pkhtb(a, b, 0), a, b);
        check("pkhtb1", PKHTB(a, b, 1), tvmbind_pkhtb(a, b, 1), a, b);
        check("pkhtb16", PKHTB(a, b, 16), tvmbind_pkhtb(a, b, 16), a, b);
        check("pkhtb32", PKHTB(a, b, 32), tvmbind_pkhtb(a, b, 32), a, b);
        SSAT(a, 1); SSAT(a, 2); SSAT(a, 8); SSAT(a, 9); SSAT(a, 16); SSAT(a, 17); SSAT(a, 31);
        SSAT(a, 32);
    }
    printf("%ld mismatches of %ld checks\n", mismatches, checks);
    return mismatches == 0 ? 0 : 1;
}
