// What FfiBenchmarks calls: functions exported through tvm-ffi's C ABI, and a plain C function
// of the same work, for the ABI's own cost.
#include <tvm/ffi/tvm_ffi.h>

#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

namespace ffi_bench {
int64_t AddInts(int64_t a, int64_t b) { return a + b; }
int64_t Length(tvm::ffi::String text) { return static_cast<int64_t>(text.size()); }
int64_t Address(void* pointer) { return reinterpret_cast<int64_t>(pointer); }
void AddOne(tvm::ffi::TensorView x, tvm::ffi::TensorView y) {
  const float* in = static_cast<const float*>(x.data_ptr());
  float* out = static_cast<float*>(y.data_ptr());
  for (int64_t i = 0; i < x.size(0); ++i) out[i] = in[i] + 1;
}
// What FfiObjectBenchmarks calls: an ffi.Array and an Optional in, and a Java function called
// back once.
int64_t Rows(tvm::ffi::TensorView x) { return x.size(0); }
int64_t FirstOr(tvm::ffi::Array<int64_t> xs, tvm::ffi::Optional<int64_t> fallback) {
  return !xs.empty() ? xs[0] : fallback.value_or(-1);
}
int64_t ApplyOnce(tvm::ffi::TypedFunction<int64_t(int64_t)> f, int64_t x) { return f(x); }
// What FfiTensorBenchmarks calls: a tensor returned without allocating (one made once, a
// reference more at each call), so a call costs what handing a tensor to the caller costs.
struct HostAlloc {
  void AllocData(DLTensor* tensor) { tensor->data = std::malloc(tvm::ffi::GetDataSize(*tensor)); }
  void FreeData(DLTensor* tensor) { std::free(tensor->data); }
};
tvm::ffi::Tensor Ramp() {
  static const tvm::ffi::Tensor ramp = [] {
    tvm::ffi::Tensor made = tvm::ffi::Tensor::FromNDAlloc(HostAlloc(), tvm::ffi::Shape({1024}),
                                                          DLDataType{kDLFloat, 32, 1},
                                                          DLDevice{kDLCPU, 0});
    float* data = static_cast<float*>(made.data_ptr());
    for (int i = 0; i < 1024; ++i) data[i] = static_cast<float>(i);
    return made;
  }();
  return ramp;
}
// What FfiMapBenchmarks reads, and tvm-ffi's Python beside it: n entries "k0" -> 0, … as an
// ffi.Map, which has no bulk read in the C ABI (an iterator function, three calls an entry).
tvm::ffi::Map<tvm::ffi::String, int64_t> MakeMap(int64_t n) {
  std::vector<std::pair<tvm::ffi::String, int64_t>> entries;
  entries.reserve(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) entries.emplace_back("k" + std::to_string(i), i);
  return tvm::ffi::Map<tvm::ffi::String, int64_t>(entries.begin(), entries.end());
}
}  // namespace ffi_bench

TVM_FFI_DLL_EXPORT_TYPED_FUNC(add_ints, ffi_bench::AddInts)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(length, ffi_bench::Length)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(address, ffi_bench::Address)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(add_one, ffi_bench::AddOne)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(rows, ffi_bench::Rows)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(first_or, ffi_bench::FirstOr)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(apply_once, ffi_bench::ApplyOnce)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(ramp, ffi_bench::Ramp)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(make_map, ffi_bench::MakeMap)

extern "C" TVM_FFI_DLL_EXPORT int64_t plain_add_ints(int64_t a, int64_t b) { return a + b; }
