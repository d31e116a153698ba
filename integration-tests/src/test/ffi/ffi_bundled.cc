// A library as export_library writes one with a bundled module: __tvm_ffi__library_bin holds the
// import tree (this library, importing a "cuda" module) and the bundled module's bytes. tvm-ffi's
// loader needs ffi.Module.load_from_bytes.cuda for it, which only libtvm_runtime registers.
#include <tvm/ffi/tvm_ffi.h>

extern "C" {
TVM_FFI_DLL_EXPORT void* __tvm_ffi__library_ctx = nullptr;
// <nbytes: u64> <indptr: vec<u64> [0, 1, 1]> <children: vec<u64> [1]> "_lib" "cuda" <bytes "xx">
TVM_FFI_DLL_EXPORT char __tvm_ffi__library_bin[] =
    "\x52\x00\x00\x00\x00\x00\x00\x00\x03\x00\x00\x00\x00\x00\x00\x00"
    "\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00"
    "\x01\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00"
    "\x01\x00\x00\x00\x00\x00\x00\x00\x04\x00\x00\x00\x00\x00\x00\x00"
    "\x5f\x6c\x69\x62\x04\x00\x00\x00\x00\x00\x00\x00\x63\x75\x64\x61"
    "\x02\x00\x00\x00\x00\x00\x00\x00\x78\x78";
}

namespace ffi_bundled {
int64_t Answer() { return 42; }
}  // namespace ffi_bundled

TVM_FFI_DLL_EXPORT_TYPED_FUNC(answer, ffi_bundled::Answer)
