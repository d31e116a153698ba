// Functions whose type schemas are hostile input: too long, too wide, too deep. Built without
// the export macro's metadata; each schema is written by hand as the macro writes one.
#include <tvm/ffi/function.h>

#include <cstdint>
#include <string>

namespace {

int64_t Same(int64_t value) { return value; }

int32_t Metadata(const std::string& schema, TVMFFIAny* result) {
  std::string escaped = static_cast<std::string>(::tvm::ffi::EscapeStringJSON(::tvm::ffi::String(schema)));
  std::string data = R"({"type_schema":)" + escaped + "}";
  TVMFFIByteArray array{data.data(), data.size()};
  return TVMFFIStringFromByteArray(&array, result);
}

std::string Wide(int arguments) {
  std::string schema = R"({"type":"ffi.Function","args":[{"type":"int"})";
  for (int i = 0; i < arguments; ++i) schema += R"(,{"type":"int"})";
  return schema + "]}";
}

std::string Deep(int depth) {
  std::string schema = R"({"type":"ffi.Function","args":[{"type":"int"},)";
  for (int i = 0; i < depth; ++i) schema += R"({"type":"Optional","args":[)";
  schema += R"({"type":"int"})";
  for (int i = 0; i < depth; ++i) schema += "]}";
  return schema + "]}";
}

}  // namespace

TVM_FFI_DLL_EXPORT_TYPED_FUNC(wide, Same);
TVM_FFI_DLL_EXPORT_TYPED_FUNC(deep, Same);
TVM_FFI_DLL_EXPORT_TYPED_FUNC(huge, Same);

extern "C" {
TVM_FFI_DLL_EXPORT int __tvm_ffi__metadata_wide(void*, const TVMFFIAny*, int32_t, TVMFFIAny* result) {
  return Metadata(Wide(2000), result);
}
TVM_FFI_DLL_EXPORT int __tvm_ffi__metadata_deep(void*, const TVMFFIAny*, int32_t, TVMFFIAny* result) {
  return Metadata(Deep(1000), result);
}
TVM_FFI_DLL_EXPORT int __tvm_ffi__metadata_huge(void*, const TVMFFIAny*, int32_t, TVMFFIAny* result) {
  return Metadata(Wide(1) + std::string(8 << 20, ' '), result);
}
}
