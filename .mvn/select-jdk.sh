# Sourced by mvnw. tvmbind builds with a JDK >= 22 (FFM), and Maven itself must run on it too:
# maven-jar-plugin runs the jar tool of Maven's own JDK on the release-22 module-info, which an
# older jar tool cannot read. So when JAVA_HOME is unset and the java on PATH is older than 22,
# run Maven on the newest JDK >= 22 in the usual install locations. When none exists, Maven runs
# as it would, and the toolchains plugin stops the build saying that a JDK >= 22 is needed.
tvmbind_java_major() {
  sed -n 's/^JAVA_VERSION="\([0-9][0-9]*\).*/\1/p' "$1/release" 2>/dev/null || true
}
if [ -z "${JAVA_HOME-}" ]; then
  tvmbind_current=""
  if tvmbind_java=$(command -v java 2>/dev/null); then
    tvmbind_current=$(tvmbind_java_major "$(dirname "$(dirname "$(readlink -f "$tvmbind_java")")")")
  fi
  if [ -z "$tvmbind_current" ] || [ "$tvmbind_current" -lt 22 ]; then
    tvmbind_best="" tvmbind_best_major=0
    set +f
    for tvmbind_jdk in /usr/lib/jvm/* /usr/java/* /opt/java/* /opt/jdk* \
        "${HOME-}"/.sdkman/candidates/java/* "${HOME-}"/.jdks/* \
        /Library/Java/JavaVirtualMachines/*/Contents/Home; do
      [ -x "$tvmbind_jdk/bin/javac" ] || continue
      tvmbind_major=$(tvmbind_java_major "$tvmbind_jdk")
      [ -n "$tvmbind_major" ] || continue
      if [ "$tvmbind_major" -ge 22 ] && [ "$tvmbind_major" -gt "$tvmbind_best_major" ]; then
        tvmbind_best=$tvmbind_jdk tvmbind_best_major=$tvmbind_major
      fi
    done
    set -f
    if [ -n "$tvmbind_best" ]; then
      JAVA_HOME=$tvmbind_best
      export JAVA_HOME
    fi
  fi
fi
