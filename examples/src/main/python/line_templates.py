"""The Relax example's model, exported as an ML team exports one (apache-tvm 0.27).

Usage: line_templates.py OUT.so — a batch of 8x8 images (n, 64) scored against three stroke
templates (a horizontal bar at row 3, a vertical bar at column 5, the diagonal): softmax(4 x T).
The batch is symbolic, so TVM records the result's shape and describe types it.
"""
import sys

import numpy as np
import tvm
from tvm import relax, tirx
from tvm.script import relax as R


def templates():
    t = np.zeros((64, 3), dtype="float32")
    for i in range(8):
        t[3 * 8 + i, 0] = 1.0   # row 3
        t[i * 8 + 5, 1] = 1.0   # column 5
        t[i * 8 + i, 2] = 1.0   # the diagonal
    return t * 4.0


def main(out):
    n = tirx.Var("n", "int64")
    bb = relax.BlockBuilder()
    image = relax.Var("image", R.Tensor((n, 64), "float32"))
    with bb.function("classify", [image]):
        with bb.dataflow():
            logits = bb.emit(relax.op.matmul(image, relax.const(templates())))
            scores = bb.emit_output(relax.op.nn.softmax(logits, axis=-1))
        bb.emit_func_output(scores)
    tvm.compile(bb.get(), target="llvm").export_library(out)


if __name__ == "__main__":
    main(sys.argv[1])
