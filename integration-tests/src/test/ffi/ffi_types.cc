// Functions exported through tvm-ffi's stable C ABI, one per type a @TvmFfi interface maps, and
// every way a call fails: what FfiCallTest calls. Built against shared/tvm-ffi's build, with and
// without -DTVM_FFI_DLL_EXPORT_INCLUDE_METADATA=1.
#include <tvm/ffi/extra/c_env_api.h>
#include <tvm/ffi/tvm_ffi.h>

#include <atomic>
#include <cstdlib>
#include <string>
#include <thread>

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

// tvm-ffi's quickstart add_one_cpu as it is: it checks nothing, so only a declared shape
// (ShapedKernels) keeps an int32 input or a short output from it.
void AddOne(tvm::ffi::TensorView x, tvm::ffi::TensorView y) {
  int64_t n = x.size(0);
  float* x_data = static_cast<float*>(x.data_ptr());
  float* y_data = static_cast<float*>(y.data_ptr());
  for (int64_t i = 0; i < n; ++i) y_data[i] = x_data[i] + 1;
}

float SumFloats(tvm::ffi::TensorView x) {
  float sum = 0;
  const float* data = static_cast<const float*>(x.data_ptr());
  for (int64_t i = 0; i < x.size(0); ++i) sum += data[i];
  return sum;
}

// Owned tensors (tvm::ffi::Tensor): taken, kept past the call, made here and returned.
float SumOwned(tvm::ffi::Tensor x) { return SumFloats(x); }

tvm::ffi::Tensor kept;
int64_t Keep(tvm::ffi::Tensor x) {
  kept = x;
  return static_cast<int64_t>(kept.use_count());
}
float SumKept() { return SumFloats(kept); }
// Drops the last reference on a thread the JVM does not know: the DLPack deleter runs there.
void DropKeptElsewhere() {
  std::thread([] { kept = tvm::ffi::Tensor(); }).join();
}

std::atomic<int64_t> live_tensors{0};
struct CountingAlloc {
  void AllocData(DLTensor* tensor) {
    tensor->data = std::malloc(tvm::ffi::GetDataSize(*tensor));
    live_tensors.fetch_add(1);
  }
  void FreeData(DLTensor* tensor) {
    std::free(tensor->data);
    live_tensors.fetch_sub(1);
  }
};
// 0, 1, ..., n - 1 as float32, in memory this library allocates and counts.
tvm::ffi::Tensor Iota(int64_t n) {
  tvm::ffi::Tensor made = tvm::ffi::Tensor::FromNDAlloc(CountingAlloc(), tvm::ffi::Shape({n}),
                                                        DLDataType{kDLFloat, 32, 1},
                                                        DLDevice{kDLCPU, 0});
  float* data = static_cast<float*>(made.data_ptr());
  for (int64_t i = 0; i < n; ++i) data[i] = static_cast<float>(i);
  return made;
}
int64_t LiveTensors() { return live_tensors.load(); }
tvm::ffi::Tensor Same(tvm::ffi::Tensor x) { return x; }
tvm::ffi::String Describe(tvm::ffi::TensorView x) {
  std::string shape;
  for (int64_t i = 0; i < x.ndim(); ++i) shape += (i ? "," : "") + std::to_string(x.size(i));
  return std::string(tvm::ffi::DLDataTypeToString(x.dtype())) + "[" + shape + "]";
}

// Tensors allocated through the host's allocator (TVMFFIEnvTensorAlloc), as kernels do.
tvm::ffi::Tensor Ones(int64_t n) {
  tvm::ffi::Tensor made = tvm::ffi::Tensor::FromEnvAlloc(
      TVMFFIEnvTensorAlloc, tvm::ffi::Shape({n}), DLDataType{kDLFloat, 32, 1}, DLDevice{kDLCPU, 0});
  float* data = static_cast<float*>(made.data_ptr());
  for (int64_t i = 0; i < n; ++i) data[i] = 1;
  return made;
}
tvm::ffi::Tensor OnesElsewhere(int64_t n) {
  tvm::ffi::Tensor made;
  std::thread([&] { made = Ones(n); }).join();
  return made;
}
tvm::ffi::Tensor OnTheGpu(int64_t n) {
  return tvm::ffi::Tensor::FromEnvAlloc(TVMFFIEnvTensorAlloc, tvm::ffi::Shape({n}),
                                        DLDataType{kDLFloat, 32, 1}, DLDevice{kDLCUDA, 0});
}
int64_t AlignmentOf(tvm::ffi::TensorView x) {
  return static_cast<int64_t>(reinterpret_cast<uintptr_t>(x.data_ptr()) % 64);
}

// A rows x cols float32 matrix of 0, 1, ..., returned as its transpose: a strided view of the
// same memory (strides [1, cols]), which a kernel walking its data with one index misreads.
tvm::ffi::Tensor Transposed(int64_t rows, int64_t cols) {
  tvm::ffi::Tensor matrix = tvm::ffi::Tensor::FromNDAlloc(
      CountingAlloc(), tvm::ffi::Shape({rows, cols}), DLDataType{kDLFloat, 32, 1},
      DLDevice{kDLCPU, 0});
  float* data = static_cast<float*>(matrix.data_ptr());
  for (int64_t i = 0; i < rows * cols; ++i) data[i] = static_cast<float>(i);
  return matrix.as_strided(tvm::ffi::Shape({cols, rows}), tvm::ffi::Shape({1, cols}));
}
// A rows x cols float32 matrix of ones in host memory the tensor says is pinned (kDLCUDAHost):
// readable on the host, but not the kDLCPU a kernel may have been written for.
tvm::ffi::Tensor PinnedOnes(int64_t rows, int64_t cols) {
  tvm::ffi::Tensor made = tvm::ffi::Tensor::FromNDAlloc(
      CountingAlloc(), tvm::ffi::Shape({rows, cols}), DLDataType{kDLFloat, 32, 1},
      DLDevice{kDLCUDAHost, 0});
  float* data = static_cast<float*>(made.data_ptr());
  for (int64_t i = 0; i < rows * cols; ++i) data[i] = 1;
  return made;
}
// The sum of (i + 1) * x[i] over a float32 tensor's elements read in memory order, as a kernel
// that checks nothing reads them: right for a contiguous tensor only.
double SumFlat(tvm::ffi::TensorView x) {
  int64_t n = 1;
  for (int32_t i = 0; i < x.ndim(); ++i) n *= x.size(i);
  const float* data = static_cast<const float*>(x.data_ptr());
  double sum = 0;
  for (int64_t i = 0; i < n; ++i) sum += static_cast<double>(data[i]) * static_cast<double>(i + 1);
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
TVM_FFI_DLL_EXPORT_TYPED_FUNC(add_one, ffi_types::AddOne)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(sum_owned, ffi_types::SumOwned)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(keep, ffi_types::Keep)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(sum_kept, ffi_types::SumKept)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(drop_kept_elsewhere, ffi_types::DropKeptElsewhere)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(iota, ffi_types::Iota)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(live_tensors, ffi_types::LiveTensors)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(same, ffi_types::Same)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(describe, ffi_types::Describe)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(ones, ffi_types::Ones)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(ones_elsewhere, ffi_types::OnesElsewhere)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(on_the_gpu, ffi_types::OnTheGpu)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(alignment_of, ffi_types::AlignmentOf)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(transposed, ffi_types::Transposed)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(pinned_ones, ffi_types::PinnedOnes)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(sum_flat, ffi_types::SumFlat)
