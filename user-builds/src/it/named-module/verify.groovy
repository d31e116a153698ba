// Compiled on the module path; the binding leaves out @Generated, which java.compiler declares.
def binding = new File(basedir, 'target/generated-sources/annotations/com/acme/SensorFusionBinding.java').text
assert binding.contains('public final class SensorFusionBinding {')
assert binding.contains('private static final class Linked implements SensorFusion')
assert !binding.contains('@Generated')
assert new File(basedir, 'target/classes/module-info.class').isFile()
// The module provides the binding's Provider (README "By name"); the class path's list is there too.
assert binding.contains('public static final class Provider extends ModelProvider {')
assert new File(basedir, 'target/classes/com/acme/SensorFusionBinding$Provider.class').isFile()
assert new File(basedir, 'target/classes/META-INF/services/dev.tvmbind.runtime.ModelProvider').text == 'com.acme.SensorFusionBinding$Provider\n'
