// Runs where the pinned wheels are (target/wheels.properties, as for relax-jar) and Java 17 is
// (CI installs it: TVMBIND_REQUIRE_JAVA17 makes its absence a failure).
def java17 = new File('/usr/lib/jvm/java-17-openjdk-amd64/bin/java')
if (!java17.canExecute()) {
    if (System.getenv('TVMBIND_REQUIRE_JAVA17') != null) {
        throw new IllegalStateException("no Java 17 at ${java17} (TVMBIND_REQUIRE_JAVA17 is set)")
    }
    return false
}
def wheels = new Properties()
new File(wheelsFile).withInputStream { wheels.load(it) }
return wheels.getProperty('skipped', '').isEmpty()
