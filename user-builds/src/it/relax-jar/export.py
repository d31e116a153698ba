"""The ML team's export: a small classifier with its scores ranked (R.argsort), as apache-tvm
0.27 compiles it, and TVM's own outputs for one batch (expected.txt, one hex line per tensor).

Usage: export.py OUT_DIR LAYER — LAYER "narrow" (16 inputs) or "wide" (24: a retrained first
layer the Java interface does not know yet).
"""
import os
import sys

import numpy as np
import tvm
from tvm import relax, tirx
from tvm.script import relax as R


def main(out, layer):
    width = {"narrow": 16, "wide": 24}[layer]
    rng = np.random.default_rng(7)
    n = tirx.Var("n", "int64")
    bb = relax.BlockBuilder()
    x = relax.Var("x", R.Tensor((n, width), "float32"))
    with bb.function("classify", [x]):
        with bb.dataflow():
            w1 = relax.const(rng.standard_normal((width, 8)).astype("float32"))
            w2 = relax.const(rng.standard_normal((8, 4)).astype("float32"))
            h = bb.emit(relax.op.nn.relu(relax.op.matmul(x, w1)))
            scores = bb.emit(relax.op.matmul(h, w2))
            order = bb.emit(relax.op.argsort(scores, axis=-1, descending=True, dtype="int64"))
            result = bb.emit_output(relax.Tuple([scores, order]))
        bb.emit_func_output(result)
    library = os.path.join(out, "model.so")
    tvm.compile(bb.get(), target="llvm").export_library(library)
    batch = rng.standard_normal((2, width)).astype("float32")
    batch.tofile(os.path.join(out, "input.bin"))
    vm = relax.VirtualMachine(tvm.runtime.load_module(library), tvm.cpu())
    outputs = vm["classify"](tvm.runtime.tensor(batch))
    with open(os.path.join(out, "expected.txt"), "w") as expected:
        for tensor in outputs:
            expected.write(np.ascontiguousarray(tensor.numpy()).tobytes().hex() + "\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
