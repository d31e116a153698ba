// Functions that call back: a typed function called on the caller's thread, on a thread of its
// own, kept past the call, and one whose error (a Java exception) propagates: FfiCallbackTest.
#include <tvm/ffi/tvm_ffi.h>

#include <exception>
#include <thread>

namespace ffi_callbacks {

using Scorer = tvm::ffi::TypedFunction<int64_t(int64_t)>;

int64_t ApplyTwice(Scorer f, int64_t x) { return f(f(x)); }

// An error raised there is carried back to the calling thread, as C++ must.
int64_t ApplyElsewhere(Scorer f, int64_t x) {
  int64_t out = 0;
  std::exception_ptr error;
  std::thread([&] {
    try {
      out = f(x);
    } catch (...) {
      error = std::current_exception();
    }
  }).join();
  if (error) std::rethrow_exception(error);
  return out;
}

tvm::ffi::String Greet(tvm::ffi::TypedFunction<tvm::ffi::String(tvm::ffi::String)> f) {
  return f("from C++");
}

Scorer kept;
void Keep(Scorer f) { kept = f; }
int64_t CallKept(int64_t x) { return kept(x); }
void DropKept() { kept = Scorer(); }

}  // namespace ffi_callbacks

TVM_FFI_DLL_EXPORT_TYPED_FUNC(apply_twice, ffi_callbacks::ApplyTwice)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(apply_elsewhere, ffi_callbacks::ApplyElsewhere)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(greet, ffi_callbacks::Greet)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(keep, ffi_callbacks::Keep)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(call_kept, ffi_callbacks::CallKept)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(drop_kept, ffi_callbacks::DropKept)
