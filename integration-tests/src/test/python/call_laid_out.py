"""Calls sum_flat of a library built from laid_out_kernels_ffi.h through tvm-ffi's Python, as a
caller that is not Java would: a transposed view, pinned host memory, then a contiguous matrix.

Usage: call_laid_out.py LIBRARY — prints one line per call: `ValueError: <message>` or `ok <sum>`.
"""
import sys

import numpy as np
import tvm_ffi


def call(module, x):
    try:
        print("ok", module.sum_flat(x))
    except ValueError as e:
        print("ValueError:", str(e).splitlines()[0])


def main(library):
    module = tvm_ffi.load_module(library)
    matrix = np.arange(6, dtype="float32").reshape(2, 3)
    call(module, tvm_ffi.from_dlpack(matrix.T))
    call(module, module.pinned_ones(2, 3))
    call(module, tvm_ffi.from_dlpack(matrix))


if __name__ == "__main__":
    main(sys.argv[1])
