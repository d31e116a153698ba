#!/usr/bin/env bash
# TVM's FFI: the generated binding against hand-written FFM over the same __tvm_ffi_* symbols and
# a plain C function (JMH, one run, the ways interleaved within each fork), and tvm-ffi's own C++
# caller timed in C++.
#   benchmarks/ffi.sh [JMH options]    e.g. benchmarks/ffi.sh -f 3 -wi 3 -i 5
# Needs the environment of the pinned wheels the tests make (./mvnw verify), in
# ~/.cache/tvmbind/wheels/<key>: apache-tvm-ffi's libtvm_ffi and headers.
set -euo pipefail
cd "$(dirname "$0")/.."
set -f
. .mvn/select-jdk.sh
set +f
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
# The environment of the current pins (python/requirements-tvm.txt): the one with apache-tvm.
install=$(ls -dt "$HOME"/.cache/tvmbind/wheels/py*/lib/python*/site-packages/tvm 2>/dev/null \
    | head -1 || true)
install=${install%/tvm}/tvm_ffi
if [ ! -f "$install/lib/libtvm_ffi.so" ]; then
    echo "no environment of the pinned wheels in ~/.cache/tvmbind/wheels: run ./mvnw verify" >&2
    exit 2
fi
./mvnw -B -q -pl benchmarks -am verify dependency:build-classpath -DskipTests \
    -Dmdep.outputFile=target/classpath.txt -Dmdep.includeScope=runtime
target=benchmarks/target
flags=(-std=c++17 -O2 -Wall -Werror -isystem "$install/include" -L "$install/lib" "-Wl,-rpath,$install/lib")
g++ "${flags[@]}" -shared -fPIC -o "$target/libffi_bench.so" benchmarks/src/main/ffi/ffi_bench.cc -ltvm_ffi
g++ "${flags[@]}" -o "$target/ffi_call_bench" benchmarks/src/main/ffi/ffi_call_bench.cc -ltvm_ffi -ldl
echo "## tvm-ffi's C++ caller (best of 5 x 10M calls of add_ints)"
"$target/ffi_call_bench" "$target/libffi_bench.so"
echo
# tvm-ffi's Python reading the Map that FfiMapBenchmarks reads, on the same library.
python="${install%/lib/python*/site-packages/tvm_ffi}/bin/python"
echo "## tvm-ffi's Python: dict(make_map(1000000).items()), best of 5 (make_map alone beside it)"
"$python" - "$target/libffi_bench.so" <<'PY'
import sys, time
import tvm_ffi
module = tvm_ffi.load_module(sys.argv[1])
def best(f):
    times = []
    for _ in range(5):
        start = time.perf_counter()
        f()
        times.append(time.perf_counter() - start)
    return min(times) * 1000
made = best(lambda: module.make_map(1000000))
read = best(lambda: dict(module.make_map(1000000).items()))
print(f"make_map alone {made:.1f} ms; dict(make_map(n).items()) {read:.1f} ms;"
      f" reading {read - made:.1f} ms")
PY
echo
echo "## JMH"
"$java" -Dbench.ffi="$PWD/$target/libffi_bench.so" --enable-native-access=ALL-UNNAMED \
    -cp "$target/classes:$(cat $target/classpath.txt)" org.openjdk.jmh.Main 'Ffi(Object|Tensor|Map)?Benchmarks' \
    -prof gc "$@" 2>&1 | grep -E '^Ffi(Object|Tensor|Map)?Benchmarks|^Benchmark'
