"""Calls add_one of a library built from shaped_kernels_ffi.h through tvm-ffi's Python, as a
caller that is not Java would: an int32 input, a short output, then right tensors.

Usage: call_shaped.py LIBRARY — prints one line per call: `ValueError: <message>` or `ok <y>`.
"""
import sys

import numpy as np
import tvm_ffi


def call(module, x, y):
    try:
        module.add_one(tvm_ffi.from_dlpack(x), tvm_ffi.from_dlpack(y))
        print("ok", y.tolist())
    except ValueError as e:
        print("ValueError:", str(e).splitlines()[0])


def main(library):
    module = tvm_ffi.load_module(library)
    call(module, np.array([1, 2, 3], dtype="int32"), np.zeros(3, dtype="float32"))
    call(module, np.arange(5, dtype="float32"), np.zeros(3, dtype="float32"))
    call(module, np.arange(3, dtype="float32"), np.zeros(3, dtype="float32"))


if __name__ == "__main__":
    main(sys.argv[1])
