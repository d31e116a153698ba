#!/usr/bin/env bash
# Old and new bindings' calls in one run, interleaved: JMH from another build's benchmarks module
# (e.g. a worktree of an older commit, built with
#   ./mvnw -B -q -pl benchmarks -am package -DskipTests && ./mvnw -B -q -pl benchmarks \
#       dependency:build-classpath -Dmdep.outputFile=target/classpath.txt -Dmdep.includeScope=runtime
# and its classpath.txt pointed at its own annotations and processor jars) and from this one.
#   benchmarks/compare-calls.sh <old checkout> [rounds] [benchmark regex]
set -euo pipefail
old=$1
rounds=${2:-2}
new=$(cd "$(dirname "$0")/.." && pwd)
set -f
. "$new/.mvn/select-jdk.sh"
set +f
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
re=${3:-'CallBenchmarks.(add_generated|add_handWritten|add_generatedCritical|runSegments_.*|runArrays_.*|vectorAdd_generated|vectorAdd_handWritten|vectorAdd_generatedCritical)$'}
for round in $(seq "$rounds"); do
  for build in old new; do
    root=$([ "$build" = old ] && echo "$old" || echo "$new")
    cp="$root/benchmarks/target/classes:$(cat "$root/benchmarks/target/classpath.txt")"
    echo "### $build round $round"
    "$java" -Dbench.library="$root/benchmarks/target/libbench.so" --enable-native-access=ALL-UNNAMED \
        -cp "$cp" org.openjdk.jmh.Main "$re" -f 2 -wi 2 -w 1s -i 3 -r 1s -prof gc 2>&1 \
        | grep -E '^CallBenchmarks'
  done
done
