#!/usr/bin/env bash
# Relax functions from Java (RelaxBenchmarks, JMH), from a C++ caller through tvm-ffi
# (src/main/relax/relax_bench_caller.cc) and from TVM's Python VM (relax_bench_python.py): the same
# libraries exported by the pinned apache-tvm, the same VM setup, inputs made once,
# TVM_NUM_THREADS=1, all pinned to one core, alternated 5 times in this one script.
#   benchmarks/relax.sh [JMH options]    e.g. benchmarks/relax.sh -f 1 -wi 2 -i 3
#   CORE=none benchmarks/relax.sh …      unpinned (the JVM's GC and JIT threads then have a core
#                                        of their own; pinned, they share the one the call runs on)
# Needs the environment of the pinned wheels the tests make (./mvnw verify) in
# ~/.cache/tvmbind/wheels/<key>, with apache-tvm.
set -euo pipefail
cd "$(dirname "$0")/.."
set -f
. .mvn/select-jdk.sh
set +f
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
tvm=$(ls -dt "$HOME"/.cache/tvmbind/wheels/py*/lib/python*/site-packages/tvm 2>/dev/null | head -1 || true)
if [ -z "$tvm" ] || [ ! -f "$tvm/lib/libtvm_runtime.so" ]; then
    echo "no environment of the pinned wheels with apache-tvm in ~/.cache/tvmbind/wheels: run ./mvnw verify" >&2
    exit 2
fi
site=${tvm%/tvm}
python=${site%/lib/python*}/bin/python
./mvnw -B -q -pl benchmarks -am verify dependency:build-classpath -DskipTests \
    -Dmdep.outputFile=target/classpath.txt -Dmdep.includeScope=runtime
target=benchmarks/target
mkdir -p "$target/relax"
"$python" benchmarks/src/main/relax/relax_bench_models.py "$target/relax"
g++ -std=c++17 -O2 -Wall -Werror -isystem "$site/tvm_ffi/include" -L "$site/tvm_ffi/lib" \
    "-Wl,-rpath,$site/tvm_ffi/lib" -o "$target/relax/caller" \
    benchmarks/src/main/relax/relax_bench_caller.cc -ltvm_ffi -ldl
export TVM_NUM_THREADS=1
core=${CORE:-1}
pin() { if [ "$core" = none ]; then "$@"; else taskset -c "$core" "$@"; fi; }
for round in 1 2 3 4 5; do
    echo "## round $round"
    pin "$target/relax/caller" "$tvm/lib" "$target/relax/tiny.so" add 0 4
    pin "$target/relax/caller" "$tvm/lib" "$target/relax/mlp.so" forward 1 784
    pin "$python" benchmarks/src/main/relax/relax_bench_python.py "$target/relax/tiny.so" add 0 4
    pin "$python" benchmarks/src/main/relax/relax_bench_python.py "$target/relax/mlp.so" forward 1 784
    pin "$java" -Dbench.relax="$PWD/$target/relax" -Dtvmbind.tvmRuntime="$site" \
        --enable-native-access=ALL-UNNAMED -cp "$target/classes:$(cat $target/classpath.txt)" \
        org.openjdk.jmh.Main 'RelaxBenchmarks\.' -jvmArgsAppend "-Dbench.relax=$PWD/$target/relax -Dtvmbind.tvmRuntime=$site" \
        -prof gc "$@" 2>&1 | grep -E '^RelaxBenchmarks\.[a-zA-Z_]+ |^RelaxBenchmarks\.[a-zA-Z_]+:gc.alloc.rate.norm|^Benchmark'
done
echo "## two VMs, one thread and two (unpinned: two calls at once need two cores)"
"$java" -Dbench.relax="$PWD/$target/relax" -Dtvmbind.tvmRuntime="$site" \
    --enable-native-access=ALL-UNNAMED -cp "$target/classes:$(cat $target/classpath.txt)" \
    org.openjdk.jmh.Main 'RelaxParallelBenchmarks' "$@" 2>&1 \
    | grep -E '^RelaxParallelBenchmarks\.[a-zA-Z_]+ |^Benchmark'
