/**
 * Relax libraries, what current TVM compiles ({@code tvm.compile(mod).export_library(path)}),
 * run in TVM's VM: {@link dev.tvmbind.runtime.relax.RelaxModule} loads one after TVM's runtime
 * and calls its functions by name from any thread; {@link dev.tvmbind.runtime.relax.RelaxVm}
 * leases one VM for the stateful calls ({@code setInput}, {@code invokeStateful},
 * {@code getOutput}) TVM's Python {@code VirtualMachine} offers.
 */
package dev.tvmbind.runtime.relax;
