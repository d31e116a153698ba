"""TVM's Python VM calling a Relax function, as RelaxBenchmarks' Java does: same library, same VM
setup (CPU, pooled allocator), the input made once, the result dropped.

Usage: relax_bench_python.py LIBRARY FUNCTION ROWS COLUMNS — prints `python <function> <ns>`,
the best of 5 rounds' mean nanoseconds a call.
"""
import sys
import time

import numpy as np
import tvm
from tvm import relax


def main(library, function, rows, columns):
    vm = relax.VirtualMachine(tvm.runtime.load_module(library), tvm.cpu())
    f = vm[function]
    shape = (int(rows), int(columns)) if int(rows) > 0 else (int(columns),)
    x = tvm.runtime.tensor(np.ones(shape, dtype="float32"))
    for _ in range(2000):
        f(x)
    best = None
    for _ in range(5):
        calls = 20000 if int(columns) < 100 else 4000
        start = time.perf_counter_ns()
        for _ in range(calls):
            f(x)
        mean = (time.perf_counter_ns() - start) / calls
        best = mean if best is None else min(best, mean)
    print("python %s %.1f" % (function, best))


if __name__ == "__main__":
    main(*sys.argv[1:])
