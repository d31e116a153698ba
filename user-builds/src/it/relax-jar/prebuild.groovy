// The build's Python and TVM runtime, the wheels' own, as a user's environment would name them.
def wheels = new Properties()
new File(wheelsFile).withInputStream { wheels.load(it) }
def config = new File(basedir, '.mvn/maven.config')
config.parentFile.mkdirs()
config.text = "-Dpython=${wheels.getProperty('python')}\n-Dtvmbind.tvmRuntime=${wheels.getProperty('sitePackages')}\n"
return true
