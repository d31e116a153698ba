"""The Relax libraries RelaxBenchmarks calls, exported by the pinned apache-tvm.

Usage: relax_bench_models.py OUT_DIR — writes OUT_DIR/tiny.so (`add(x) = x + 1` over 4 floats)
and OUT_DIR/mlp.so (784 -> 128 -> 10, weights bound, one row).
"""
import os
import sys

import numpy as np
import tvm
from tvm import relax
from tvm.script import ir as I
from tvm.script import relax as R


@I.ir_module
class Tiny:
    @R.function
    def add(x: R.Tensor((4,), "float32")):
        return R.add(x, R.const(1.0, "float32"))


def mlp():
    rng = np.random.default_rng(7)
    bb = relax.BlockBuilder()
    x = relax.Var("x", R.Tensor((1, 784), "float32"))
    with bb.function("forward", [x]):
        with bb.dataflow():
            w1 = (rng.standard_normal((784, 128)) * 0.05).astype("float32")
            w2 = (rng.standard_normal((128, 10)) * 0.1).astype("float32")
            h = bb.emit(relax.op.nn.relu(relax.op.matmul(x, relax.const(w1))))
            out = bb.emit_output(relax.op.matmul(h, relax.const(w2)))
        bb.emit_func_output(out)
    return bb.get()


def main(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    tvm.compile(Tiny, target="llvm").export_library(os.path.join(out_dir, "tiny.so"))
    tvm.compile(mlp(), target="llvm").export_library(os.path.join(out_dir, "mlp.so"))


if __name__ == "__main__":
    main(sys.argv[1])
