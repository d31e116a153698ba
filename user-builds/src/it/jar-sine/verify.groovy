// The jar runs on its own, the platform functions built into the model's library.
def jar = new File(basedir, 'target/sine-app-1.0.jar')
def java = new File(System.getProperty('java.home'), 'bin/java').path
def run = [java, '-jar', jar.path].execute()
def out = run.text
assert run.waitFor() == 0 : out + run.err.text
// TVM's quantised model, as RealTvmModelTest knows it.
def expected = ['0.500000': 0.444379f, '1.570796': 0.962110f, '3.141593': -0.047161f,
                '4.712389': -0.992816f]
expected.each { x, y ->
    def line = out.readLines().find { it.startsWith("sin($x) = ") }
    assert line != null : out
    assert line.endsWith('(status 0)') : line
    def got = Float.parseFloat(line.split(' ')[2])
    assert Math.abs(got - y) < 1e-5f : line
}
def log = new File(basedir, 'build.log').text
assert log.contains('tvmbind: built ') : log
