#!/usr/bin/env bash
# Runs every benchmark and prints the tables of BENCHMARKS.md.
#   benchmarks/run.sh          the full run (about 10 minutes on 2 cores)
#   benchmarks/run.sh --quick  a short run to check that everything works (about 2 minutes)
# Output goes to benchmarks/target/results/ as well as to the terminal.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=false
[ "${1-}" = "--quick" ] && quick=true

# The same JDK the build uses (see .mvn/select-jdk.sh), so that one JDK is measured throughout.
set -f
. .mvn/select-jdk.sh
set +f
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"

./mvnw -B -q -pl benchmarks -am verify dependency:build-classpath -DskipTests \
    -Dmdep.outputFile=target/classpath.txt -Dmdep.includeScope=runtime
classpath="benchmarks/target/classes:$(cat benchmarks/target/classpath.txt)"
library="$PWD/benchmarks/target/libbench.so"
results=benchmarks/target/results
mkdir -p "$results"

echo "## Machine"
echo
echo "- $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "- $("$java" -version 2>&1 | sed -n 2p)"
echo "- $(gcc --version | head -1)"
echo

echo "## Direct C calls through a function pointer (the physical limit)"
echo
benchmarks/target/direct_call | tail -1 | tee "$results/direct_call.txt"
echo

if $quick; then
    jmh=(-f 1 -wi 1 -w 1s -i 2 -r 1s)
    sizes=(100)
    runs=1
else
    jmh=(-f 2 -wi 2 -w 1s -i 3 -r 1s)
    sizes=(100 1000)
    runs=3
fi

echo "## Calls (JMH)"
echo
"$java" -Dbench.library="$library" --enable-native-access=ALL-UNNAMED -cp "$classpath" \
    org.openjdk.jmh.Main CallBenchmarks "${jmh[@]}" -prof gc -rf csv -rff "$results/jmh.csv" \
    > "$results/jmh.log"
"$java" -cp "$classpath" dev.tvmbind.benchmarks.Report "$results/jmh.csv" | tee "$results/calls.md"
echo

# A real TVM-compiled model (shared/tvm-mlf/aww, test data beside the repository or where
# TVMBIND_TVM_MLF points): the generated binding against C calling the same library.
mlf=${TVMBIND_TVM_MLF-}
for dir in "$PWD" "$(dirname "$PWD")" "$(dirname "$(dirname "$PWD")")"; do
    [ -z "$mlf" ] && [ -d "$dir/shared/tvm-mlf" ] && mlf="$dir/shared/tvm-mlf"
done
aww="${mlf:-/nonexistent}/aww/mlf"
if [ -d "$aww" ]; then
    echo "## A real model: MLPerf Tiny's keyword spotter, TVM 0.17 (one run)"
    echo
    target=benchmarks/target
    gcc -O2 -shared -fPIC -I "$aww/codegen/host/include" -I "$aww/runtime/include" \
        -o "$target/libaww.so" "$aww"/codegen/host/src/*.c -lm
    gcc -std=c11 -O2 -Wall -Wextra -Werror -I "$aww/codegen/host/include" -o "$target/aww_loop" \
        benchmarks/src/main/c/aww_loop.c -L"$target" -laww -Wl,-rpath,"$PWD/$target"
    "$target/aww_loop" $($quick && echo 200 || echo 1000) | tee "$results/aww_c.txt"
    "$java" -Dbench.aww="$PWD/$target/libaww.so" --enable-native-access=ALL-UNNAMED -cp "$classpath" \
        org.openjdk.jmh.Main RealModelBenchmarks "${jmh[@]}" -prof gc -rf csv -rff "$results/aww.csv" \
        > "$results/aww.log"
    grep -E "aww_generated" "$results/aww.log" | tail -2 | tee "$results/aww_java.txt"
    echo
    echo "## Threads: runs per second of the keyword spotter, 1 thread vs 2 over 2 private copies"
    echo
    "$java" -Dbench.aww="$PWD/$target/libaww.so" --enable-native-access=ALL-UNNAMED -cp "$classpath" \
        org.openjdk.jmh.Main ParallelBenchmarks "${jmh[@]}" -prof gc -rf csv \
        -rff "$results/parallel.csv" > "$results/parallel.log"
    grep -E "^ParallelBenchmarks" "$results/parallel.log" | tee "$results/parallel.txt"
    echo
else
    echo "(no shared/tvm-mlf/aww found: the real-model benchmark is left out; set TVMBIND_TVM_MLF)"
    echo
fi

echo "## Processor (javac, median of $runs)"
echo
"$java" -cp "$classpath" dev.tvmbind.benchmarks.ProcessorBench \
    "$classpath" "$classpath" "$runs" "${sizes[@]}" | tee "$results/processor.md"
