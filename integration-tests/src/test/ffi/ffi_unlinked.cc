// Functions exported as TVM exports its kernels: built without -ltvm_ffi, so the library has no
// NEEDED entry for it and takes tvm-ffi's C API from the global scope at run time.
#include <tvm/ffi/error.h>
#include <tvm/ffi/function.h>

#include <cstdint>

namespace {

int64_t Twice(int64_t value) { return 2 * value; }

int64_t Refuse(int64_t value) { TVM_FFI_THROW(ValueError) << "refused " << value; }

}  // namespace

TVM_FFI_DLL_EXPORT_TYPED_FUNC(twice, Twice);
TVM_FFI_DLL_EXPORT_TYPED_FUNC(refuse, Refuse);
