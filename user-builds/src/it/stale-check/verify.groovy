// Build 2 compiled nothing (javac did not rerun), yet failed on the parameter that no longer
// agrees with the replaced model.tar; builds 1 and 3 passed (invoker.properties).
def log = new File(basedir, 'build.log').text
assert log.contains('Nothing to compile') : log
assert log.contains('com.acme.KeywordSpotter.run(byte[], byte[]), parameter features: [tvmbind:tvm-output-name]') : log
assert log.contains('tvmbind: 1 model agrees with TVM\'s output as it is now') : log
assert !log.contains('[tvmbind:internal-error]')
