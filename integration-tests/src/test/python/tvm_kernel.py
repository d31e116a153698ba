"""A kernel TVM's compiler exports as it is, no VM: what @TvmFfi calls over a TVM-exported library.

Usage: tvm_kernel.py OUT.so — writes the library: `add_one(x, y)`, y = x + 1 over 4 float32s,
exported as __tvm_ffi_add_one; no NEEDED entry for libtvm_ffi (it takes tvm-ffi's C API from the
process) and TIR's own checks of its arguments, which raise through tvm-ffi's error API.
"""
import sys

import tvm
from tvm.script import ir as I
from tvm.script import tirx as T


@I.ir_module
class Kernels:
    @T.prim_func
    def add_one(x: T.Buffer((4,), "float32"), y: T.Buffer((4,), "float32")):
        T.func_attr({"global_symbol": "add_one"})
        for i in range(4):
            y[i] = x[i] + T.float32(1)


if __name__ == "__main__":
    tvm.compile(Kernels, target="llvm").export_library(sys.argv[1])
