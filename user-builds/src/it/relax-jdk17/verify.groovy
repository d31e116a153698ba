// Maven ran on Java 17 both times; build 2 compiled nothing, yet check (reading the library in a
// child JVM of the toolchain's java) failed on the parameter; build 1 agreed.
def log = new File(basedir, 'build.log').text
assert log.contains('Java version: 17.') : log
assert log.contains('tvmbind: 1 model agrees with TVM\'s output as it is now') : log
assert log.contains('Nothing to compile') : log
assert log.contains('com.acme.Model.score, parameter x: [tvmbind:tvm-output-relax-tensor]') : log
return true
