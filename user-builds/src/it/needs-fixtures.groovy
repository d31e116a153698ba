// The selector of every user build that reads the real TVM output (${tvmMlf}): each one's
// selector.groovy evaluates this file. The build runs only where that output is present;
// elsewhere it is skipped (report-builds.sh names the skipped builds in one line), except where
// the fixtures are required (.ci/run sets TVMBIND_REQUIRE_FIXTURES): then their absence fails.
def fixtures = new File(tvmMlf).canonicalFile
if (fixtures.isDirectory()) {
    return true
}
if (System.getenv('TVMBIND_REQUIRE_FIXTURES') != null) {
    throw new IllegalStateException("the real TVM output ${fixtures} is absent"
            + ' (TVMBIND_REQUIRE_FIXTURES is set)')
}
return false
