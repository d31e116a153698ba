// The build's Python and TVM runtime, the wheels' own; -V so that the log says which Java ran Maven.
def wheels = new Properties()
new File(wheelsFile).withInputStream { wheels.load(it) }
def config = new File(basedir, '.mvn/maven.config')
config.parentFile.mkdirs()
config.text = "-V\n-Dpython=${wheels.getProperty('python')}\n-Dtvmbind.tvmRuntime=${wheels.getProperty('sitePackages')}\n"
return true
