// Exports every function of dev.tvmbind.it.HeaderKernels, with their type schemas, through the
// macro of the header tvmbind generated: whatever defines them must match it.
#include "header_kernels_ffi.h"

TVMBIND_EXPORT_HEADER_KERNELS()
