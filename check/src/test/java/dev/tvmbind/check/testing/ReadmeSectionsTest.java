package dev.tvmbind.check.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every README section a skip line names ({@code (README: Testing with the wheels)}, {@code
 * (README, "Tests")}) exists, and says how to enable what was skipped.
 */
class ReadmeSectionsTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern REFERENCE = Pattern.compile(
            "README(?:: |, \\\\?\")([A-Z][A-Za-z ]+?)(?:\\\\?\"|\\)|\" *\\+)");
    /** What each section must say: how to enable the tests it stands for. */
    private static final Map<String, Set<String>> ENABLES = Map.of(
            "Testing with the wheels", Set.of("python3", "venv", "-Dtvmbind.wheels",
                    "TVMBIND_REQUIRE_FIXTURES"),
            "Tests", Set.of("shared/tvm-mlf", "-Dtvmbind.tvmMlf", "TVMBIND_REQUIRE_FIXTURES"));

    @Test
    void everySectionASkipLineNamesExistsAndSaysHowToEnableIt() throws IOException {
        Set<String> named = new TreeSet<>();
        for (Path root : new Path[] {ROOT.resolve("check/src/test/java"),
                ROOT.resolve("integration-tests/src/test/java"),
                ROOT.resolve("user-builds/report-builds.sh")}) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path file : files.filter(Files::isRegularFile).toList()) {
                    if (file.endsWith("ReadmeSectionsTest.java")) {
                        continue;
                    }
                    // Literals joined as the messages are: "… Testing with the" + " wheels)".
                    Matcher matcher = REFERENCE.matcher(Files.readString(file)
                            .replaceAll("\"\\s*\\+\\s*\"", ""));
                    while (matcher.find()) {
                        named.add(matcher.group(1).strip());
                    }
                }
            }
        }
        assertEquals(ENABLES.keySet(), named, "the sections skip lines name");
        String readme = Files.readString(ROOT.resolve("README.md"));
        for (Map.Entry<String, Set<String>> section : ENABLES.entrySet()) {
            int at = readme.indexOf("**" + section.getKey());
            assertTrue(at >= 0, "README.md has no paragraph **" + section.getKey());
            int end = readme.indexOf("\n\n", at);
            String paragraph = readme.substring(at, end < 0 ? readme.length() : end);
            for (String says : section.getValue()) {
                assertTrue(paragraph.contains(says), "README's " + section.getKey()
                        + " does not say " + says);
            }
        }
    }
}
