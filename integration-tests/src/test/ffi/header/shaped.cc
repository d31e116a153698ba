// ShapedKernels' functions, written against the header the processor generated: add_one is
// tvm-ffi's quickstart as it is (it checks nothing), so only the header's wrapper, which the
// export macro exports in its place, keeps an int32 input or a short output from it.
#include "shaped_kernels_ffi.h"

#include <cstdlib>

namespace dev::tvmbind::it {
namespace {
struct HostAlloc {
  void AllocData(DLTensor* tensor) { tensor->data = std::malloc(tvm::ffi::GetDataSize(*tensor)); }
  void FreeData(DLTensor* tensor) { std::free(tensor->data); }
};
tvm::ffi::Tensor Floats(int64_t n, float value) {
  tvm::ffi::Tensor made = tvm::ffi::Tensor::FromNDAlloc(HostAlloc(), tvm::ffi::Shape({n}),
                                                        DLDataType{kDLFloat, 32, 1},
                                                        DLDevice{kDLCPU, 0});
  float* data = static_cast<float*>(made.data_ptr());
  for (int64_t i = 0; i < n; ++i) data[i] = value + static_cast<float>(i);
  return made;
}
}  // namespace

void add_one(tvm::ffi::TensorView x, tvm::ffi::TensorView y) {
  int64_t n = x.size(0);
  float* x_data = static_cast<float*>(x.data_ptr());
  float* y_data = static_cast<float*>(y.data_ptr());
  for (int64_t i = 0; i < n; ++i) y_data[i] = x_data[i] + 1;
}
tvm::ffi::Tensor iota(int64_t n) { return Floats(n, 0); }
tvm::ffi::Tensor ones(int64_t n) { return Floats(n, 1); }
tvm::ffi::Tensor same(tvm::ffi::Tensor x) { return x; }
}  // namespace dev::tvmbind::it

TVMBIND_EXPORT_SHAPED_KERNELS()
