// A library as TVM's export_library lays it out: it carries __tvm_ffi__library_ctx, which tvm-ffi's
// loader (ffi.ModuleLoadFromFile) sets to the library's module, and finds functions through it
// (TVMFFIEnvModLookupFromImports: the module's imports, then the global registry), as TVM's
// generated kernels do. Loaded any other way, the context stays NULL and such a call crashes.
#include <tvm/ffi/extra/c_env_api.h>
#include <tvm/ffi/tvm_ffi.h>

extern "C" {
TVM_FFI_DLL_EXPORT void* __tvm_ffi__library_ctx = nullptr;
}

namespace ffi_module {

bool ContextSet() { return __tvm_ffi__library_ctx != nullptr; }

// ffi.String, found through the library's context, called through tvm-ffi's C API.
int64_t LengthThroughContext(tvm::ffi::String text) {
  TVMFFIObjectHandle function = nullptr;
  TVM_FFI_CHECK_SAFE_CALL(
      TVMFFIEnvModLookupFromImports(__tvm_ffi__library_ctx, "ffi.String", &function));
  tvm::ffi::AnyView args[1] = {text};
  tvm::ffi::Any result;
  TVM_FFI_CHECK_SAFE_CALL(TVMFFIFunctionCall(function, reinterpret_cast<TVMFFIAny*>(args), 1,
                                             reinterpret_cast<TVMFFIAny*>(&result)));
  return static_cast<int64_t>(result.cast<tvm::ffi::String>().size());
}

}  // namespace ffi_module

TVM_FFI_DLL_EXPORT_TYPED_FUNC(context_set, ffi_module::ContextSet)
TVM_FFI_DLL_EXPORT_TYPED_FUNC(length_through_context, ffi_module::LengthThroughContext)
