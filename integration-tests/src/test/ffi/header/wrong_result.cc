// add_ints returning another type than the Java method's: C++ refuses a function that differs
// from its declaration in its result only.
#include "header_kernels_ffi.h"

namespace dev::tvmbind::it {
double add_ints(int64_t a, int64_t b) { return static_cast<double>(a + b); }
}  // namespace dev::tvmbind::it
