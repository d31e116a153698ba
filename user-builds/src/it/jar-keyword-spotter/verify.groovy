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

// The pom holds README.md's shade snippet line for line (comments aside): the README's is tested.
def readme = new File(basedir, '../../../../README.md').text
def start = readme.indexOf('```xml\n', readme.indexOf('This is the configuration `user-builds/jar-keyword-spotter`')) + 7
def lines = { List<String> all -> all*.trim().findAll { it && !it.startsWith('<!--') } }
def snippet = lines(readme.substring(start, readme.indexOf('```', start)).readLines())
assert java.util.Collections.indexOfSubList(lines(new File(basedir, 'pom.xml').readLines()), snippet) >= 0 :
        "pom.xml no longer holds README.md's shade snippet"
