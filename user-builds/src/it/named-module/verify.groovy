// Compiled on the module path; the binding leaves out @Generated, which java.compiler declares.
def binding = new File(basedir, 'target/generated-sources/annotations/com/acme/SensorFusionBinding.java').text
assert binding.contains('public final class SensorFusionBinding implements SensorFusion')
assert !binding.contains('@Generated')
assert new File(basedir, 'target/classes/module-info.class').isFile()
