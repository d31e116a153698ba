// add_ints with a parameter of another type than the Java method's: an overload nothing
// exports, while the declared add_ints is never defined, so the library does not link.
#include "header_kernels_ffi.h"

namespace dev::tvmbind::it {
int64_t add_ints(int64_t a, double b) { return a + static_cast<int64_t>(b); }
}  // namespace dev::tvmbind::it
