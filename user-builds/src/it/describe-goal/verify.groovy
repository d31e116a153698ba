// describe wrote the interface, which compiled and checked without a single tvmbind diagnostic;
// run again, it skipped the file instead of overwriting it.
def source = new File(basedir, 'src/main/java/com/acme/Default.java')
assert source.isFile()
assert source.text.contains('checked = true')
assert new File(basedir, 'target/classes/com/acme/DefaultBinding.class').isFile()
def log = new File(basedir, 'build.log').text
assert log.contains('tvmbind: 1 model agrees with TVM\'s output as it is now') : log
assert log.contains('skipped ' + source.path + ': it exists') : log
assert !log.contains('[tvmbind:') : log
