// tvm-ffi's headers first, without metadata: the generated header cannot export schemas, and
// says so at compile time.
#include <tvm/ffi/tvm_ffi.h>

#include "header_kernels_ffi.h"
