// Compiled under -Xlint:all -Werror: any warning in the generated binding would have failed it.
assert new File(basedir, 'target/classes/com/acme/EverythingBinding.class').isFile()
