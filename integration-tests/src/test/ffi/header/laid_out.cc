// LaidOutKernels' functions, written against the header the processor generated: sum_flat reads
// its data in memory order and checks nothing, so only the header's wrapper keeps a transposed
// view or pinned host memory from it, for any caller.
#include "laid_out_kernels_ffi.h"

#include <cstdlib>

namespace dev::tvmbind::it {
namespace {
struct HostAlloc {
  void AllocData(DLTensor* tensor) { tensor->data = std::malloc(tvm::ffi::GetDataSize(*tensor)); }
  void FreeData(DLTensor* tensor) { std::free(tensor->data); }
};
tvm::ffi::Tensor Matrix(int64_t rows, int64_t cols, DLDevice device, bool ones) {
  tvm::ffi::Tensor made = tvm::ffi::Tensor::FromNDAlloc(
      HostAlloc(), tvm::ffi::Shape({rows, cols}), DLDataType{kDLFloat, 32, 1}, device);
  float* data = static_cast<float*>(made.data_ptr());
  for (int64_t i = 0; i < rows * cols; ++i) data[i] = ones ? 1.0f : static_cast<float>(i);
  return made;
}
}  // namespace

tvm::ffi::Tensor transposed(int64_t rows, int64_t cols) {
  return Matrix(rows, cols, DLDevice{kDLCPU, 0}, false)
      .as_strided(tvm::ffi::Shape({cols, rows}), tvm::ffi::Shape({1, cols}));
}
tvm::ffi::Tensor pinned_ones(int64_t rows, int64_t cols) {
  return Matrix(rows, cols, DLDevice{kDLCUDAHost, 0}, true);
}
double sum_flat(tvm::ffi::TensorView x) {
  int64_t n = x.size(0) * x.size(1);
  const float* data = static_cast<const float*>(x.data_ptr());
  double sum = 0;
  for (int64_t i = 0; i < n; ++i) sum += static_cast<double>(data[i]) * static_cast<double>(i + 1);
  return sum;
}
}  // namespace dev::tvmbind::it

TVMBIND_EXPORT_LAID_OUT_KERNELS()
