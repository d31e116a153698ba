/*
 * A library that is its own tvm-ffi runtime, of the tested C ABI but lacking most of the C API:
 * what every call needs (errors, releases), and no TVMFFIBytesFromByteArray. A binding whose
 * types need no more loads and calls it; one with an ffi.Bytes parameter is refused at load.
 */
#include <stdint.h>

typedef struct {
  uint32_t major;
  uint32_t minor;
  uint32_t patch;
} PartialVersion;

typedef struct {
  int32_t type_index;
  int32_t padding;
  int64_t value;
} PartialAny;

void TVMFFIGetVersion(PartialVersion* out) {
  out->major = 0;
  out->minor = 1;
  out->patch = 16;
}

void TVMFFIErrorMoveFromRaised(void** out) { *out = 0; }

int TVMFFIObjectDecRef(void* object) {
  (void) object;
  return 0;
}

/* long seven(): 7, as an int. */
int __tvm_ffi_seven(void* self, const PartialAny* args, int32_t num_args, PartialAny* result) {
  (void) self;
  (void) args;
  (void) num_args;
  result->type_index = 1;
  result->value = 7;
  return 0;
}

/* long size(byte[] b): never reached, since its binding is refused. */
int __tvm_ffi_size(void* self, const PartialAny* args, int32_t num_args, PartialAny* result) {
  (void) self;
  (void) args;
  (void) num_args;
  result->type_index = 1;
  result->value = -1;
  return 0;
}
