// The user's build failed on the annotation that holds the bad prefix, with the keyed message.
def log = new File(basedir, 'build.log').text
assert log.contains('SensorFusion.java:[7,20] [tvmbind:reserved-identifier] prefix \'_acme\' starts with \'_\'') : log
assert !log.contains('[tvmbind:internal-error]')
