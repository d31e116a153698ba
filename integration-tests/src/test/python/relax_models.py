"""Relax models compiled by the pinned apache-tvm, with TVM's Python VM's outputs as references.

Usage: relax_models.py OUT_DIR — for each model writes OUT_DIR/<model>.so (exported as users
export one) and OUT_DIR/<model>.sig.json (its signature, by the README's snippet), and for each call the inputs and TVM's outputs as raw little-endian bytes, described
by OUT_DIR/manifest.json (written last: its presence means the set is whole):

  {"models": [{"name", "library", "calls": [{"function", "inputs": [tensor], "outputs": [tensor]}]}]}
  tensor: {"file", "dtype", "shape", "path"}   path: the tuple indices leading to it ([] for a
                                                tensor result)

Inputs and weights are fixed (seeded); the Java test compares every output byte for byte.
"""
import json
import os
import sys

import numpy as np
import tvm
from tvm import relax, tirx
from tvm.script import ir as I
from tvm.script import relax as R

RNG = np.random.default_rng(20261206)


def floats(*shape):
    return RNG.standard_normal(shape).astype("float32")


def mlp():
    """784 -> 128 -> 10, weights bound as constants; the batch is symbolic."""
    n = tirx.Var("n", "int64")
    bb = relax.BlockBuilder()
    x = relax.Var("x", R.Tensor((n, 784), "float32"))
    with bb.function("forward", [x]):
        with bb.dataflow():
            h = bb.emit(relax.op.matmul(x, relax.const(floats(784, 128) * 0.05)))
            h = bb.emit(relax.op.nn.relu(relax.op.add(h, relax.const(floats(128)))))
            y = bb.emit(relax.op.matmul(h, relax.const(floats(128, 10) * 0.1)))
            out = bb.emit_output(relax.op.add(y, relax.const(floats(10))))
        bb.emit_func_output(out)
    return bb.get(), [("forward", [floats(2, 784)]), ("forward", [floats(5, 784)])]


def conv():
    """A 3x3 convolution, relu and a 2x2 max pool over a 1x3x8x8 image."""
    bb = relax.BlockBuilder()
    x = relax.Var("image", R.Tensor((1, 3, 8, 8), "float32"))
    with bb.function("main", [x]):
        with bb.dataflow():
            c = bb.emit(relax.op.nn.conv2d(x, relax.const(floats(4, 3, 3, 3)), padding=1))
            r = bb.emit(relax.op.nn.relu(c))
            out = bb.emit_output(relax.op.nn.max_pool2d(r, pool_size=2, strides=2))
        bb.emit_func_output(out)
    return bb.get(), [("main", [floats(1, 3, 8, 8)])]


@I.ir_module
class TwoFunctions:
    @R.function
    def scale(x: R.Tensor((4,), "float32"), by: R.Tensor((4,), "float32")):
        return R.multiply(x, by)

    @R.function
    def shift(x: R.Tensor((4,), "float32")):
        return R.subtract(x, R.const(0.5, "float32"))


@I.ir_module
class Tuples:
    @R.function
    def split(x: R.Tensor(("n",), "float32")):
        doubled = R.multiply(x, R.const(2.0, "float32"))
        return (R.add(x, R.const(1.0, "float32")), (doubled, R.negative(x)))


@I.ir_module
class Symbolic:
    @R.function
    def add_one(x: R.Tensor(("n",), "float32")) -> R.Tensor(("n",), "float32"):
        return R.add(x, R.const(1.0, "float32"))


@I.ir_module
class Sorting:
    @R.function
    def order(x: R.Tensor((6,), "float32")):
        return R.argsort(x, axis=-1, descending=True, dtype="int64")

    @R.function
    def best(x: R.Tensor((6,), "float32")):
        return R.topk(x, k=2, axis=-1, ret_type="both", largest=True, dtype="int64")


@I.ir_module
class Aliases:
    @R.function
    def same(x: R.Tensor((3,), "float32")):
        return x

    @R.function
    def weight(x: R.Tensor((3,), "float32")):
        return R.const(np.array([7.0, 8.0, 9.0], dtype="float32"))


def flatten(value, path):
    """(path, numpy array) for each tensor of a result, tuples in order."""
    if isinstance(value, tvm.runtime.Tensor):
        return [(path, value.numpy())]
    return [leaf for i, item in enumerate(value) for leaf in flatten(item, path + [i])]


def tensor(out_dir, file, array, path):
    np.ascontiguousarray(array).tofile(os.path.join(out_dir, file))
    return {"file": file, "dtype": str(array.dtype), "shape": list(array.shape), "path": path}


def signature(mod, path):
    """The README's snippet: what describe --signature reads."""
    sig = {"functions": [{"name": gv.name_hint,
                          "params": [{"name": p.name, "ty": str(p.ty)} for p in f.params],
                          "ret": str(f.ret_ty)}
                         for gv, f in mod.functions.items() if isinstance(f, relax.Function)]}
    with open(path, "w") as out:
        json.dump(sig, out)


def main(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    models = {
        "mlp": mlp(),
        "conv": conv(),
        "two_functions": (TwoFunctions, [("scale", [floats(4), floats(4)]),
                                         ("shift", [floats(4)])]),
        "tuples": (Tuples, [("split", [floats(3)])]),
        "symbolic": (Symbolic, [("add_one", [floats(3)]), ("add_one", [floats(5)])]),
        "sorting": (Sorting, [("order", [floats(6)]), ("best", [floats(6)])]),
        "aliases": (Aliases, [("same", [floats(3)]), ("weight", [floats(3)])]),
    }
    manifest = []
    for name, (module, calls) in models.items():
        library = name + ".so"
        tvm.compile(module, target="llvm").export_library(os.path.join(out_dir, library))
        signature(module, os.path.join(out_dir, name + ".sig.json"))
        vm = relax.VirtualMachine(tvm.runtime.load_module(os.path.join(out_dir, library)),
                                  tvm.cpu())
        described = []
        for c, (function, inputs) in enumerate(calls):
            result = vm[function](*[tvm.runtime.tensor(x) for x in inputs])
            prefix = "%s.%d.%s" % (name, c, function)
            described.append({
                "function": function,
                "inputs": [tensor(out_dir, "%s.in%d.bin" % (prefix, i), x, [])
                           for i, x in enumerate(inputs)],
                "outputs": [tensor(out_dir, "%s.out%d.bin" % (prefix, i), array, path)
                            for i, (path, array) in enumerate(flatten(result, []))],
            })
        manifest.append({"name": name, "library": library, "calls": described})
    with open(os.path.join(out_dir, "manifest.json"), "w") as out:
        json.dump({"models": manifest}, out, indent=1)


if __name__ == "__main__":
    main(sys.argv[1])
