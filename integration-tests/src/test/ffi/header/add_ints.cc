// add_ints as the header declares it.
#include "header_kernels_ffi.h"

int64_t dev::tvmbind::it::add_ints(int64_t a, int64_t b) { return a + b; }
