// tvm-ffi's own C++ caller, measured in C++: TVMFFIFunctionCall of add_ints through the function
// object tvm::ffi::Function wraps the exported symbol in, and the exported symbol called directly
// with reused arguments. Prints ns per call, the best of five runs of 10 million.
#include <tvm/ffi/tvm_ffi.h>

#include <chrono>
#include <cstdio>
#include <dlfcn.h>

using SafeCall = int (*)(void*, const TVMFFIAny*, int32_t, TVMFFIAny*);

template <typename F>
double Best(F call) {
  double best = 1e9;
  for (int run = 0; run < 5; ++run) {
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < 10'000'000; ++i) call(i);
    std::chrono::duration<double, std::nano> took = std::chrono::steady_clock::now() - start;
    best = std::min(best, took.count() / 1e7);
  }
  return best;
}

int main(int argc, char** argv) {
  void* library = dlopen(argv[1], RTLD_NOW);
  auto add = reinterpret_cast<SafeCall>(dlsym(library, "__tvm_ffi_add_ints"));
  tvm::ffi::Function function = tvm::ffi::Function::FromPacked(
      [add](tvm::ffi::PackedArgs args, tvm::ffi::Any* result) {
        TVM_FFI_CHECK_SAFE_CALL(add(nullptr, reinterpret_cast<const TVMFFIAny*>(args.data()),
                                    args.size(), reinterpret_cast<TVMFFIAny*>(result)));
      });
  volatile int64_t sink = 0;
  double direct = Best([&](int i) {
    TVMFFIAny args[2] = {{kTVMFFIInt, {0}, {i}}, {kTVMFFIInt, {0}, {2}}};
    TVMFFIAny result{};
    add(nullptr, args, 2, &result);
    sink = result.v_int64;
  });
  double called = Best([&](int i) {
    TVMFFIAny args[2] = {{kTVMFFIInt, {0}, {i}}, {kTVMFFIInt, {0}, {2}}};
    TVMFFIAny result{};
    TVMFFIFunctionCall(const_cast<void*>(static_cast<const void*>(function.get())), args, 2,
                       &result);
    sink = result.v_int64;
  });
  double typed = Best([&](int i) { sink = function(i, 2).cast<int64_t>(); });
  std::printf("direct %.2f ns, TVMFFIFunctionCall %.2f ns, tvm::ffi::Function %.2f ns\n", direct,
              called, typed);
  return 0;
}
