// Functions exported through tvm-ffi's stable C ABI, one per type a @TvmFfi interface maps, and
// every way a call fails: what FfiCallTest calls. Built against shared/tvm-ffi's build, with and
// without -DTVM_FFI_DLL_EXPORT_INCLUDE_METADATA=1.
#include <tvm/ffi/tvm_ffi.h>

#include <atomic>
#include <string>

namespace ffi_types {

int64_t AddInts(int64_t a, int64_t b) { return a + b; }
int32_t Narrow(int64_t value) { return static_cast<int32_t>(value); }
int64_t Wide(int64_t value) { return value * 4'000'000'000LL; }
double Scale(double x, double by) { return x * by; }
bool Negate(bool value) { return !value; }
tvm::ffi::String Greet(tvm::ffi::String name) { return std::string("hello, ") + std::string(name) + "!"; }
tvm::ffi::String Echo(tvm::ffi::String text) { return text; }
int64_t Length(tvm::ffi::String text) { return static_cast<int64_t>(text.size()); }
void* Offset(void* pointer, int64_t by) { return static_cast<char*>(pointer) + by; }

std::atomic<int64_t> calls{0};
void Count() { calls.fetch_add(1); }
int64_t Calls() { return calls.load(); }

int64_t Fail(tvm::ffi::String message) {
  TVM_FFI_THROW(ValueError) << message;
  return 0;
}

float SumFloats(tvm::ffi::TensorView x) {
  float sum = 0;
  const float* data = static_cast<const float*>(x.data_ptr());
  for (int64_t i = 0; i < x.size(0); ++i) sum += data[i];
  return sum;
}

}  // namespace ffi_types

TVM_FFI_DLL_EXPORT_TYPED_FUNC(add_ints, ffi_types::AddInts)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(narrow, ffi_types::Narrow)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(wide, ffi_types::Wide)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(scale, ffi_types::Scale)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(negate, ffi_types::Negate)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(greet, ffi_types::Greet)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(echo, ffi_types::Echo)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(length, ffi_types::Length)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(offset, ffi_types::Offset)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(count, ffi_types::Count)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(calls, ffi_types::Calls)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(fail, ffi_types::Fail)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(sum_floats, ffi_types::SumFloats)
