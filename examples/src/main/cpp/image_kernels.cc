// ImageKernels' functions, written against the header javac generated from the interface
// (target/include/image_kernels_ffi.h): a definition that does not match a declaration there
// does not compile or link.
#include "image_kernels_ffi.h"

#include <string>

namespace dev::tvmbind::examples {

double mean(tvm::ffi::TensorView image) {
  const float* pixels = static_cast<const float*>(image.data_ptr());
  double sum = 0;
  for (int64_t i = 0; i < image.size(0) * image.size(1); ++i) sum += pixels[i];
  return sum / static_cast<double>(image.size(0) * image.size(1));
}

void threshold(tvm::ffi::TensorView image, double level, tvm::ffi::TensorView out) {
  const float* pixels = static_cast<const float*>(image.data_ptr());
  float* lit = static_cast<float*>(out.data_ptr());
  for (int64_t i = 0; i < image.size(0) * image.size(1); ++i) {
    lit[i] = pixels[i] >= level ? 1.0f : 0.0f;
  }
}

tvm::ffi::String caption(tvm::ffi::String name, int64_t lit) {
  return std::string(name.data(), name.size()) + ": " + std::to_string(lit) + " of 64 pixels lit";
}

}  // namespace dev::tvmbind::examples

TVMBIND_EXPORT_IMAGE_KERNELS()
