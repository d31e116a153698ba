#!/usr/bin/env bash
# After the user builds, before invoker:verify fails the build on a failure: one line naming the
# builds skipped for want of the real TVM output, and the last lines of each failed build's own
# log (the invoker's reports say which), not thousands of lines of the others.
set -euo pipefail
target="$1" fixtures="$2"
shopt -s nullglob
skipped=()
for report in "$target"/invoker-reports/BUILD-*.xml; do
  name=$(basename "$report" .xml); name=${name#BUILD-}
  if grep -q 'result="skipped"' "$report" && [[ $name == relax-* ]]; then
    # The Relax builds need the pinned wheels, not the fixtures: target/wheels.properties says why.
    why=$(sed -n 's/^skipped=//p' "$target/wheels.properties")
    echo "tvmbind: skipped the user build $name: ${why:-no Java 17 at /usr/lib/jvm/java-17-openjdk-amd64}" >&2
  elif grep -q 'result="skipped"' "$report"; then
    skipped+=("$name")
  elif grep -q 'result="\(failure-[a-z-]*\|error\)"' "$report"; then
    log="$target/it/$name/build.log"
    echo "tvmbind: user build $name failed; the last 40 lines of $log:" >&2
    [ -f "$log" ] && tail -n 40 "$log" >&2
  fi
done
if [ ${#skipped[@]} -gt 0 ]; then
  list=$(IFS=,; echo "${skipped[*]}" | sed 's/,/, /g')
  echo "tvmbind: the real TVM output $(realpath -m "$fixtures") is absent: skipped the user builds" \
    "$list and every test that reads it; lay shared/ beside the clone or pass -Dtvmbind.tvmMlf=DIR (README, \"Tests\")"
fi
exit 0
