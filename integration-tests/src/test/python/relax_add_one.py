"""A Relax function compiled by the pinned apache-tvm and exported as users export one.

Usage: relax_add_one.py OUT.so — writes the library, then prints TVM's Python VM's output for
the input [1, 2, 3] (what the Java test compares with, value for value).
"""
import sys

import numpy as np
import tvm
from tvm import relax
from tvm.script import ir as I
from tvm.script import relax as R


@I.ir_module
class AddOne:
    @R.function
    def main(x: R.Tensor(("n",), "float32")) -> R.Tensor(("n",), "float32"):
        return R.add(x, R.const(1.0, "float32"))


def main(out):
    executable = tvm.compile(AddOne, target="llvm")
    executable.export_library(out)
    vm = relax.VirtualMachine(tvm.runtime.load_module(out), tvm.cpu())
    result = vm["main"](tvm.runtime.tensor(np.array([1, 2, 3], dtype="float32")))
    print(" ".join(repr(float(v)) for v in result.numpy()))


if __name__ == "__main__":
    main(sys.argv[1])
