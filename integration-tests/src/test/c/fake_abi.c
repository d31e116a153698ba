/*
 * A library whose tvm-ffi runtime reports a C ABI tvmbind does not read (0.2.0): its own
 * TVMFFIGetVersion, the two functions tvmbind needs of any runtime, and one exported function,
 * which must never be called.
 */
#include <stdint.h>

typedef struct {
  uint32_t major;
  uint32_t minor;
  uint32_t patch;
} FakeVersion;

int32_t fake_abi_calls = 0;

void TVMFFIGetVersion(FakeVersion* out) {
  out->major = 0;
  out->minor = 2;
  out->patch = 0;
}

void TVMFFIErrorMoveFromRaised(void** out) { *out = 0; }

int TVMFFIObjectDecRef(void* object) {
  (void) object;
  return 0;
}

int __tvm_ffi_x(void* self, const void* args, int32_t num_args, void* result) {
  (void) self;
  (void) args;
  (void) num_args;
  (void) result;
  ++fake_abi_calls;
  return 0;
}
