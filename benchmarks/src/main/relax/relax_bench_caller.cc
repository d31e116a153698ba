// TVM's VM called from C++ through tvm-ffi, as RelaxBenchmarks' Java calls it: the same library,
// the same VM setup (vm_load_executable, vm_initialization(CPU, 0, pooled)), the input made once,
// each returned ffi::Tensor dropped. Prints `c++ <function> <ns>`: the best of 5 rounds' mean.
//   relax_bench_caller RUNTIME_DIR LIBRARY FUNCTION ROWS COLUMNS
#include <dlfcn.h>
#include <tvm/ffi/extra/module.h>
#include <tvm/ffi/tvm_ffi.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {
struct HostAlloc {
  void AllocData(DLTensor* tensor) { tensor->data = std::malloc(tvm::ffi::GetDataSize(*tensor)); }
  void FreeData(DLTensor* tensor) { std::free(tensor->data); }
};
}  // namespace

int main(int argc, char** argv) {
  if (argc != 6) {
    std::fprintf(stderr, "usage: %s RUNTIME_DIR LIBRARY FUNCTION ROWS COLUMNS\n", argv[0]);
    return 2;
  }
  std::string runtime = std::string(argv[1]) + "/libtvm_runtime.so";
  if (dlopen(runtime.c_str(), RTLD_NOW | RTLD_GLOBAL) == nullptr) {
    std::fprintf(stderr, "%s\n", dlerror());
    return 1;
  }
  tvm::ffi::Module library = tvm::ffi::Module::LoadFromFile(argv[2]);
  tvm::ffi::Module vm =
      library->GetFunction("vm_load_executable").value()().cast<tvm::ffi::Module>();
  vm->GetFunction("vm_initialization").value()(1, 0, 2);
  tvm::ffi::Function f = vm->GetFunction(argv[3]).value();
  long rows = std::atol(argv[4]), columns = std::atol(argv[5]);
  tvm::ffi::Shape shape = rows > 0 ? tvm::ffi::Shape({rows, columns}) : tvm::ffi::Shape({columns});
  tvm::ffi::Tensor x = tvm::ffi::Tensor::FromNDAlloc(HostAlloc(), shape,
                                                     DLDataType{kDLFloat, 32, 1}, DLDevice{kDLCPU, 0});
  float* data = static_cast<float*>(x.data_ptr());
  for (long i = 0; i < (rows > 0 ? rows : 1) * columns; ++i) data[i] = 1;
  for (int i = 0; i < 2000; ++i) f(x).cast<tvm::ffi::Tensor>();
  double best = 1e30;
  long calls = columns < 100 ? 200000 : 4000;
  for (int round = 0; round < 5; ++round) {
    auto start = std::chrono::steady_clock::now();
    for (long i = 0; i < calls; ++i) {
      tvm::ffi::Tensor y = f(x).cast<tvm::ffi::Tensor>();
    }
    double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start)
                    .count() / calls;
    if (ns < best) best = ns;
  }
  std::printf("c++ %s %.1f\n", argv[3], best);
  return 0;
}
