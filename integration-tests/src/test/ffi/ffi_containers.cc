// Functions that take and return tvm-ffi's containers (Optional, Array, nested), with scalars,
// strings and tensors inside: what FfiContainerTest calls through FfiContainers.
#include <tvm/ffi/extra/c_env_api.h>
#include <tvm/ffi/tvm_ffi.h>

#include <atomic>
#include <sstream>
#include <string>
#include <vector>

namespace ffi_containers {

using tvm::ffi::Array;
using tvm::ffi::Optional;
using tvm::ffi::String;

int64_t SumList(Array<int64_t> xs) {
  int64_t sum = 0;
  for (int64_t x : xs) sum += x;
  return sum;
}

Array<int64_t> Range(int64_t n) {
  Array<int64_t> out;
  for (int64_t i = 0; i < n; ++i) out.push_back(i);
  return out;
}

Array<String> Words(String text) {
  Array<String> out;
  std::istringstream in{std::string(text)};
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

String Join(Array<String> words) {
  std::string out;
  for (const String& word : words) out += (out.empty() ? "" : "+") + std::string(word);
  return out;
}

int64_t OrZero(Optional<int64_t> x) { return x.has_value() ? *x : 0; }

Optional<String> FirstLong(Array<String> words, int64_t length) {
  for (const String& word : words) {
    if (static_cast<int64_t>(word.size()) >= length) return word;
  }
  return std::nullopt;
}

Array<Array<int64_t>> Pairs(int64_t n) {
  Array<Array<int64_t>> out;
  for (int64_t i = 0; i < n; ++i) out.push_back(Array<int64_t>{i, i * i});
  return out;
}

double SumTensors(Array<tvm::ffi::Tensor> tensors) {
  double sum = 0;
  for (const tvm::ffi::Tensor& t : tensors) {
    const float* data = static_cast<const float*>(t.data_ptr());
    for (int64_t i = 0; i < t.size(0); ++i) sum += data[i];
  }
  return sum;
}

// Two tensors of n floats each, 1s then 2s, allocated through the host (tvmbind's allocator).
Array<tvm::ffi::Tensor> TwoTensors(int64_t n) {
  Array<tvm::ffi::Tensor> out;
  for (int k = 1; k <= 2; ++k) {
    tvm::ffi::Tensor t = tvm::ffi::Tensor::FromEnvAlloc(
        TVMFFIEnvTensorAlloc, tvm::ffi::Shape({n}), DLDataType{kDLFloat, 32, 1}, DLDevice{kDLCPU, 0});
    float* data = static_cast<float*>(t.data_ptr());
    for (int64_t i = 0; i < n; ++i) data[i] = static_cast<float>(k);
    out.push_back(t);
  }
  return out;
}

using tvm::ffi::Map;

int64_t SumValues(Map<String, int64_t> m) {
  int64_t sum = 0;
  for (const auto& [key, value] : m) sum += value;
  return sum;
}

Map<String, int64_t> Lengths(Array<String> words) {
  Map<String, int64_t> out;
  for (const String& word : words) out.Set(word, static_cast<int64_t>(word.size()));
  return out;
}

Map<int64_t, Array<String>> ByLength(Array<String> words) {
  Map<int64_t, Array<String>> out;
  for (const String& word : words) {
    int64_t length = static_cast<int64_t>(word.size());
    Array<String> same = out.count(length) ? out[length] : Array<String>();
    same.push_back(word);
    out.Set(length, same);
  }
  return out;
}

// As FlashInfer's kernels take an optional tensor.
int64_t Count(Optional<tvm::ffi::TensorView> x) { return x.has_value() ? x.value().size(0) : -1; }

// Tensors whose data this library allocates, counting each allocation and each free: a tensor
// object's deleter runs its FreeData once, when the last reference goes.
std::atomic<int64_t> allocated{0};
std::atomic<int64_t> freed{0};

struct CountingAlloc {
  void AllocData(DLTensor* tensor) {
    tensor->data = new float[tensor->shape[0]]();
    ++allocated;
  }
  void FreeData(DLTensor* tensor) {
    delete[] static_cast<float*>(tensor->data);
    ++freed;
  }
};

// {"a": [n counted tensors], "b": []}, each tensor's elements its index.
Map<String, Array<tvm::ffi::Tensor>> CountedTensors(int64_t n) {
  Array<tvm::ffi::Tensor> tensors;
  for (int64_t i = 0; i < n; ++i) {
    tvm::ffi::Tensor t = tvm::ffi::Tensor::FromNDAlloc(CountingAlloc(), tvm::ffi::Shape({2}),
                                                       DLDataType{kDLFloat, 32, 1},
                                                       DLDevice{kDLCPU, 0});
    static_cast<float*>(t.data_ptr())[0] = static_cast<float>(i);
    tensors.push_back(t);
  }
  Map<String, Array<tvm::ffi::Tensor>> out;
  out.Set("a", tensors);
  out.Set("b", Array<tvm::ffi::Tensor>());
  return out;
}

int64_t CountedAllocated() { return allocated; }
int64_t CountedFreed() { return freed; }

// A list Java made, kept past the call: after it, this library's reference is the only one.
Array<tvm::ffi::Tensor> kept;
int64_t Keep(Array<tvm::ffi::Tensor> tensors) {
  kept = tensors;
  return kept.use_count();
}
// The kept list's references and its first tensor's, and that tensor's first element; none
// once dropped.
Array<double> KeptState() {
  if (kept.empty()) return Array<double>();
  tvm::ffi::Tensor first = kept[0];  // a reference of its own: not counted below
  return Array<double>{static_cast<double>(kept.use_count()),
                       static_cast<double>(first.use_count() - 1),
                       static_cast<const float*>(first.data_ptr())[0]};
}
void DropKept() { kept = Array<tvm::ffi::Tensor>(); }

// Shapes: ffi.Shape objects, alone and in containers.
int64_t ShapeProduct(tvm::ffi::Shape shape) {
  int64_t product = 1;
  for (int64_t dim : shape) product *= dim;
  return product;
}

tvm::ffi::Shape Reversed(tvm::ffi::Shape shape) {
  std::vector<int64_t> dims(shape.begin(), shape.end());
  return tvm::ffi::Shape(std::vector<int64_t>(dims.rbegin(), dims.rend()));
}

// (), (1), (1, 2), … up to n dimensions.
Array<tvm::ffi::Shape> Prefixes(int64_t n) {
  Array<tvm::ffi::Shape> out;
  std::vector<int64_t> dims;
  for (int64_t i = 0; i <= n; ++i) {
    out.push_back(tvm::ffi::Shape(dims));
    dims.push_back(i + 1);
  }
  return out;
}

int64_t Volumes(tvm::ffi::Map<String, tvm::ffi::Shape> shapes) {
  int64_t sum = 0;
  for (const auto& entry : shapes) sum += ShapeProduct(entry.second);
  return sum;
}

}  // namespace ffi_containers

TVM_FFI_DLL_EXPORT_TYPED_FUNC(sum_list, ffi_containers::SumList)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(range, ffi_containers::Range)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(words, ffi_containers::Words)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(join, ffi_containers::Join)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(or_zero, ffi_containers::OrZero)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(first_long, ffi_containers::FirstLong)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(pairs, ffi_containers::Pairs)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(sum_tensors, ffi_containers::SumTensors)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(two_tensors, ffi_containers::TwoTensors)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(count, ffi_containers::Count)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(sum_values, ffi_containers::SumValues)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(lengths, ffi_containers::Lengths)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(by_length, ffi_containers::ByLength)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(counted_tensors, ffi_containers::CountedTensors)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(counted_allocated, ffi_containers::CountedAllocated)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(counted_freed, ffi_containers::CountedFreed)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(keep, ffi_containers::Keep)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(kept_state, ffi_containers::KeptState)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(drop_kept, ffi_containers::DropKept)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(shape_product, ffi_containers::ShapeProduct)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(reversed, ffi_containers::Reversed)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(prefixes, ffi_containers::Prefixes)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(volumes, ffi_containers::Volumes)
