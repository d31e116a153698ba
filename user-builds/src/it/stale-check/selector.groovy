// Runs only where the real TVM output is: see src/it/needs-fixtures.groovy (this build runs
// from its copy under target/it).
return evaluate(new File(basedir, '../../../src/it/needs-fixtures.groovy'))
