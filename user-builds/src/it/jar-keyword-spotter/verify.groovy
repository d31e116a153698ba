// The jar runs on its own: the model's library comes out of its class path.
def jar = new File(basedir, 'target/spotter-app-1.0.jar')
def java = new File(System.getProperty('java.home'), 'bin/java').path
def run = [java, '-jar', jar.path].execute()
def out = run.text
assert run.waitFor() == 0 : out + run.err.text
assert out.contains('25 of 25 samples classified as the reference') : out
def log = new File(basedir, 'build.log').text
assert log.contains('tvmbind: built ') : log
assert log.contains('tvmbind: 1 model agrees with TVM\'s output as it is now') : log
