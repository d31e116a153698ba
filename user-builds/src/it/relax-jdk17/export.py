"""A one-layer scorer as apache-tvm 0.27 compiles it. Usage: export.py OUT_DIR narrow|wide."""
import os
import sys

import numpy as np
import tvm
from tvm import relax, tirx
from tvm.script import relax as R

width = {"narrow": 16, "wide": 24}[sys.argv[2]]
n = tirx.Var("n", "int64")
bb = relax.BlockBuilder()
x = relax.Var("x", R.Tensor((n, width), "float32"))
with bb.function("score", [x]):
    weights = np.random.default_rng(3).standard_normal((width, 4)).astype("float32")
    bb.emit_func_output(bb.emit(relax.op.matmul(x, relax.const(weights))))
tvm.compile(bb.get(), target="llvm").export_library(os.path.join(sys.argv[1], "model.so"))
