/**
 * The types of TVM's FFI (apache/tvm-ffi's stable C ABI) that typed {@code @TvmFfi} interfaces
 * use: {@link dev.tvmbind.runtime.ffi.Tensor}, a DLPack tensor over native memory, and
 * {@link dev.tvmbind.runtime.ffi.TvmFfiException}, the error a function raised.
 */
package dev.tvmbind.runtime.ffi;
