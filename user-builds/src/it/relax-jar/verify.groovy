// Build 3 compiled nothing, yet failed on the parameter the re-exported model no longer agrees
// with; the jar of build 4 runs with neither Python nor TVM in reach and gives TVM's bytes.
def log = new File(basedir, 'build.log').text
assert log.contains('wrote ' + new File(basedir, 'src/main/java/com/acme/Model.java').path) : log
assert log.contains('Nothing to compile') : log
assert log.contains('com.acme.Model.classify, parameter x: [tvmbind:tvm-output-relax-tensor]') : log
assert log.contains('tvmbind: 1 model agrees with TVM\'s output as it is now') : log
assert !log.contains('[tvmbind:internal-error]')

def home = new File(basedir, 'bare-home')
home.mkdirs()
def java = new File(System.getProperty('java.home'), 'bin/java').path
def run = new ProcessBuilder(java, '-jar', new File(basedir, 'target/model-app-1.0.jar').path,
        new File(basedir, 'input.bin').path)
run.environment().clear()
run.environment().putAll([PATH: '/usr/bin:/bin', HOME: home.path])
def process = run.redirectErrorStream(true).start()
def out = process.inputStream.text
assert process.waitFor() == 0 : out
assert out.readLines() == new File(basedir, 'expected.txt').readLines() : out
return true
