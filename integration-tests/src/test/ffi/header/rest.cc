// Every function of header_kernels_ffi.h but add_ints, defined as the header declares them.
#include "header_kernels_ffi.h"

#include <vector>

namespace dev::tvmbind::it {

void add_one_cpu(tvm::ffi::TensorView x, tvm::ffi::TensorView y) {
  // tvm-ffi's quickstart add_one_cpu, as its examples/quickstart/compile/add_one_cpu.cc has it.
  int64_t n = x.size(0);
  float* x_data = static_cast<float*>(x.data_ptr());
  float* y_data = static_cast<float*>(y.data_ptr());
  for (int64_t i = 0; i < n; ++i) {
    y_data[i] = x_data[i] + 1;
  }
}

double scale(double x, float by) { return x * by; }
tvm::ffi::String greet(tvm::ffi::String name) {
  return std::string("hello, ") + std::string(name) + "!";
}
tvm::ffi::Tensor same(tvm::ffi::Tensor x) { return x; }
bool negate(bool value) { return !value; }
int32_t narrow(int64_t value) { return static_cast<int32_t>(value); }
void* offset(void* pointer, int16_t by) { return static_cast<char*>(pointer) + by; }
int8_t tiny(int8_t value) { return static_cast<int8_t>(value + 1); }
void nothing() {}
int64_t delete_(int64_t key) { return -key; }
int64_t first_or(tvm::ffi::Array<int64_t> xs, tvm::ffi::Optional<int64_t> fallback) {
  return !xs.empty() ? xs[0] : fallback.value_or(-1);
}
tvm::ffi::Array<tvm::ffi::Optional<tvm::ffi::String>> maybe_names(int64_t n) {
  tvm::ffi::Array<tvm::ffi::Optional<tvm::ffi::String>> out;
  for (int64_t i = 0; i < n; ++i) {
    out.push_back(i % 2 == 0 ? tvm::ffi::Optional<tvm::ffi::String>(tvm::ffi::String(std::to_string(i)))
                             : tvm::ffi::Optional<tvm::ffi::String>(std::nullopt));
  }
  return out;
}

tvm::ffi::Shape appended(tvm::ffi::Shape shape, int64_t n) {
  std::vector<int64_t> dims(shape.begin(), shape.end());
  dims.push_back(n);
  return tvm::ffi::Shape(dims);
}

tvm::ffi::BigInt twice(tvm::ffi::BigInt x) { return x + x; }
tvm::ffi::Bytes backwards(tvm::ffi::Bytes bytes) {
  std::string text(bytes.data(), bytes.size());
  return tvm::ffi::Bytes(std::string(text.rbegin(), text.rend()));
}
DLDevice next(DLDevice device) { return DLDevice{device.device_type, device.device_id + 1}; }
DLDataType wider(DLDataType dtype) {
  return DLDataType{dtype.code, dtype.bits, static_cast<uint16_t>(dtype.lanes * 2)};
}
tvm::ffi::Any echo_any(tvm::ffi::Any value) { return value; }
tvm::ffi::String type_key_of(tvm::ffi::ObjectRef object) { return object->GetTypeKey(); }

int64_t iterate(tvm::ffi::TypedFunction<int64_t(int64_t)> f, int64_t x, int64_t n) {
  for (int64_t i = 0; i < n; ++i) x = f(x);
  return x;
}
tvm::ffi::TypedFunction<int64_t(int64_t)> times(int64_t k) {
  return [k](int64_t x) { return x * k; };
}
tvm::ffi::Optional<tvm::ffi::TypedFunction<int64_t(int64_t)>> lookup(tvm::ffi::String name) {
  std::optional<tvm::ffi::Function> found = tvm::ffi::Function::GetGlobal(name);
  if (!found) return std::nullopt;
  return tvm::ffi::TypedFunction<int64_t(int64_t)>(*found);
}

}  // namespace dev::tvmbind::it
