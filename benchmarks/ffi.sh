#!/usr/bin/env bash
# TVM's FFI: the generated binding against hand-written FFM over the same __tvm_ffi_* symbols and
# a plain C function (JMH, one run, the ways interleaved within each fork), and tvm-ffi's own C++
# caller timed in C++.
#   benchmarks/ffi.sh [JMH options]    e.g. benchmarks/ffi.sh -f 3 -wi 3 -i 5
# Needs the tvm-ffi build the tests make from shared/tvm-ffi (./mvnw verify with shared/ beside the
# clone), in ~/.cache/tvmbind/tvm-ffi/<hash>/install.
set -euo pipefail
cd "$(dirname "$0")/.."
set -f
. .mvn/select-jdk.sh
set +f
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
install=$(ls -dt "$HOME"/.cache/tvmbind/tvm-ffi/*/install 2>/dev/null | head -1 || true)
if [ -z "$install" ] || [ ! -f "$install/lib/libtvm_ffi.so" ]; then
    echo "no tvm-ffi build in ~/.cache/tvmbind/tvm-ffi: run ./mvnw verify with shared/ beside the clone" >&2
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
echo "## JMH"
"$java" -Dbench.ffi="$PWD/$target/libffi_bench.so" --enable-native-access=ALL-UNNAMED \
    -cp "$target/classes:$(cat $target/classpath.txt)" org.openjdk.jmh.Main 'Ffi(Object)?Benchmarks' \
    -prof gc "$@" 2>&1 | grep -E '^Ffi(Object)?Benchmarks|^Benchmark'
