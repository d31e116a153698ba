/* Included before anything else when tvm-ffi's C examples are built as C: shared/tvm-ffi lays in
 * DLPack 1.1, whose struct DLManagedTensorVersioned has no typedef, while tvm-ffi's c_api.h (and
 * the typedef appended to that dlpack.h) name it as DLPack 1.2 does. C++ needs nothing. */
#ifndef __cplusplus
typedef struct DLManagedTensorVersioned DLManagedTensorVersioned;
#endif
