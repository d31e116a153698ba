/**
 * What generated bindings of tvm-ffi functions ({@code @TvmFfi}) and Relax libraries
 * ({@code @TvmRelax}) call: tvm-ffi's C API ({@link dev.tvmbind.runtime.internal.ffi.FfiLibrary},
 * linked in one place), the values of its calling convention, containers, callbacks, schemas,
 * returned tensors, and TVM's Relax VM. Exported because bindings live in applications' modules;
 * no compatibility promise, as for {@code dev.tvmbind.runtime.internal}.
 */
package dev.tvmbind.runtime.internal.ffi;
