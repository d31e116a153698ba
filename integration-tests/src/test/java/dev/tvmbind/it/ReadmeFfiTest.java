package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.check.testing.Wheels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README's tvm-ffi quickstart, run verbatim: the {@code sh} block after {@code <!--
 * tvmbind:run ffi-quickstart -->} from the repository's root, with no {@code JAVA_HOME} (the
 * block picks a JDK 22+ itself), a virtual environment and the wheel of the build's own pin, g++,
 * describe, javac and java; what it prints must end with the block after {@code <!--
 * tvmbind:output ffi-quickstart -->}. So the README cannot drift from what works.
 */
class ReadmeFfiTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void theQuickstartRunsAsPasted() throws Exception {
        // Python with venv and the registry (or pip's cache), as the block needs: else skipped
        // naming why, or failed under TVMBIND_REQUIRE_FIXTURES.
        Wheels.environment(Wheels.Pins.CURRENT);
        String readme = Files.readString(ROOT.resolve("README.md"));
        String script = block(readme, "run", "sh");
        String expected = block(readme, "output", "text");
        Matcher pin = Pattern.compile("(?m)^apache-tvm-ffi==(\\S+)").matcher(Files.readString(
                ROOT.resolve("python/requirements-tvm.txt")));
        assertTrue(pin.find());
        assertTrue(script.contains("pip install -q apache-tvm-ffi==" + pin.group(1) + "\n"),
                "the README's pin is not the build's " + pin.group(1));
        Path work = ROOT.resolve("target/ffi-quickstart");
        if (Files.exists(work)) {
            // A former run's describe would skip the interface it wrote (it never overwrites).
            try (Stream<Path> files = Files.walk(work)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(file);
                }
            }
        }
        ProcessBuilder bash = new ProcessBuilder("bash", "-euo", "pipefail", "-c", script)
                .directory(ROOT.toFile()).redirectErrorStream(true);
        bash.environment().remove("JAVA_HOME");
        Process process = bash.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(10, TimeUnit.MINUTES), output);
        assertEquals(0, process.exitValue(), output);
        assertTrue(output.contains("wrote src/com/acme/Kernels.java"), output);
        List<String> lines = output.strip().lines().toList();
        List<String> wanted = expected.strip().lines().toList();
        assertEquals(wanted, lines.subList(lines.size() - wanted.size(), lines.size()), output);
    }

    /** The fenced block of {@code language} after {@code <!-- tvmbind:<kind> ffi-quickstart -->}. */
    private static String block(String readme, String kind, String language) {
        String marker = "<!-- tvmbind:" + kind + " ffi-quickstart -->\n```" + language + "\n";
        int start = readme.indexOf(marker);
        assertTrue(start >= 0, "README.md has no " + marker.strip());
        int from = start + marker.length();
        return readme.substring(from, readme.indexOf("\n```\n", from) + 1);
    }
}
