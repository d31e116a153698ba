// A function whose result is tvm-ffi's arbitrary-precision integer: an int where it fits int64,
// an ffi.BigInt object (type index 78) where it does not.
#include <tvm/ffi/big_int.h>
#include <tvm/ffi/function.h>

#include <cstdint>

namespace {

tvm::ffi::BigInt Shifted(int64_t bits) {
  tvm::ffi::BigInt value(1);
  value <<= tvm::ffi::BigInt(bits);
  return value;
}

}  // namespace

TVM_FFI_DLL_EXPORT_TYPED_FUNC(shifted, Shifted);
