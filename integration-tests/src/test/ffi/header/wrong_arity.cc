// add_ints with one parameter more than the Java method: an overload nothing exports, so the
// declared add_ints is never defined and the library does not link.
#include "header_kernels_ffi.h"

namespace dev::tvmbind::it {
int64_t add_ints(int64_t a, int64_t b, int64_t c) { return a + b + c; }
}  // namespace dev::tvmbind::it
