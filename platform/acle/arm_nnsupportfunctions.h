/*
 * A host stand-in for CMSIS-NN's arm_nnsupportfunctions.h, which TVM 0.11's Cortex-M schedules
 * include (python/tvm/topi/arm_cpu/mprofile/dsp/micro_kernel/common.py) for the intrinsics they
 * call in CMSIS's spelling: __SXTB16, __SMLAD, __ROR, __SSUB8, __SEL. With -I platform/acle
 * their C builds for a JVM host; on a Cortex-M, build with CMSIS-NN itself instead.
 */
#ifndef TVMBIND_ARM_NNSUPPORTFUNCTIONS_H_
#define TVMBIND_ARM_NNSUPPORTFUNCTIONS_H_

#include "arm_acle.h"

#endif /* TVMBIND_ARM_NNSUPPORTFUNCTIONS_H_ */
