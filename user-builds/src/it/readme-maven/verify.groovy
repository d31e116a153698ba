// The build compiled the binding and wrote the header; and its pom still holds README.md's
// snippet line for line, so that the README cannot drift from what is tested here.
def generated = new File(basedir, 'target/generated-sources/annotations')
assert new File(generated, 'acme_sensor_fusion.h').text.contains('int32_t acme_sensor_fusion_run(')
assert new File(basedir, 'target/classes/com/acme/SensorFusionBinding.class').isFile()

def readme = new File(basedir, '../../../../README.md').text
def start = readme.indexOf('```xml\n', readme.indexOf('**Maven** (javac 23+')) + 7
def snippet = readme.substring(start, readme.indexOf('```', start)).readLines()*.trim().findAll { it }
def pom = new File(basedir, 'pom.xml').readLines()*.trim().findAll { it }
assert java.util.Collections.indexOfSubList(pom, snippet) >= 0 : "pom.xml no longer holds README.md's snippet"
