package dev.tvmbind.processor.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.check.CatalogEntry;
import dev.tvmbind.check.CheckMessage;
import dev.tvmbind.check.Finding;
import dev.tvmbind.processor.model.Site;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The one diagnostic catalog, the processor's entries and the check's: every message formats with
 * exactly its arguments (a call site that passes one too few or too many fails where the problem
 * is made, in the diagnostic tests that reach it, never in a user's build as an internal error),
 * every key is asserted by a test and named in the README, and every entry that shares its key
 * with another has a test of its own text.
 */
class MessageTest {
    static Stream<CatalogEntry> catalog() {
        return Stream.concat(Arrays.stream(Message.values()), Arrays.stream(CheckMessage.values()));
    }

    @ParameterizedTest
    @MethodSource("catalog")
    void formatsWithItsArityAndNoOther(CatalogEntry message) {
        Object[] args = new Object[message.arity()];
        Arrays.fill(args, 1); // fits %s and %d alike
        String text = message.text(args);
        assertTrue(text.startsWith("[tvmbind:" + message.key() + "] "), text);
        assertTrue(!text.contains("%"), text);
        assertThrows(IllegalArgumentException.class,
                () -> message.text(Arrays.copyOf(args, args.length + 1)));
        if (args.length > 0) {
            assertThrows(IllegalArgumentException.class,
                    () -> Problem.of(message, Site.COMMAND_LINE, Arrays.copyOf(args, args.length - 1)));
        }
    }

    /** A finding of the TVM-output check is printed with the check's own entry. */
    @Test
    void aFindingKeepsItsEntry() {
        Problem problem = Problem.of(Finding.of(CheckMessage.TVM_OUTPUT_RELAY,
                Finding.Place.OUTPUT, "x.txt", "why"), Site.COMMAND_LINE);
        assertSame(CheckMessage.TVM_OUTPUT_RELAY, problem.message());
        assertEquals(CheckMessage.TVM_OUTPUT_RELAY.text("x.txt", "why"), problem.text());
        assertFalse(problem.isError());
    }

    @Test
    void aNumberConversionCounts() {
        assertEquals(3, Message.NEGATIVE_SIZE.arity());
    }

    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\n]*", Pattern.DOTALL);
    /** Where a string literal goes on after {@code " +} and a line break. */
    private static final Pattern JOINT = Pattern.compile("\"\\s*\\+\\s*\"");
    /**
     * The tests of the modules that print the catalog, comments left out (a key named in a comment
     * is not tested) and string literals joined, as the texts they assert.
     */
    private static final String TESTS = testCode();

    private static String testCode() {
        StringBuilder code = new StringBuilder();
        for (String module : List.of(".", "../check", "../maven-plugin")) {
            try (Stream<Path> files = Files.walk(Path.of(module, "src", "test", "java"))) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    code.append(JOINT.matcher(COMMENT.matcher(Files.readString(file))
                            .replaceAll("")).replaceAll("").replace("\\\"", "\""));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return code.toString();
    }

    @ParameterizedTest
    @MethodSource("catalog")
    void everyKeyHasATestThatAssertsIt(CatalogEntry message) {
        assertTrue(TESTS.contains("[tvmbind:" + message.key() + "]"), message.key()
                + " appears in no test's code: add one that asserts a diagnostic with it");
    }

    /**
     * An entry that shares its key with another (two wordings of one mistake) is not tested by
     * the key alone: three words of its own (between arguments, in no entry of its key) must
     * appear in a test.
     */
    @ParameterizedTest
    @MethodSource("catalog")
    void everyEntryThatSharesItsKeyHasATestOfItsText(CatalogEntry message) {
        List<CatalogEntry> sharing = catalog().filter(m -> m != message
                && m.key().equals(message.key())).toList();
        List<String> own = new ArrayList<>();
        for (String part : CatalogEntry.CONVERSION.split(message.format())) {
            String[] words = part.strip().split(" ");
            for (int i = 0; i + 3 <= words.length; i++) {
                String three = String.join(" ", Arrays.copyOfRange(words, i, i + 3));
                if (sharing.stream().noneMatch(m -> m.format().contains(three))) {
                    own.add(three);
                }
            }
        }
        assertTrue(sharing.isEmpty() || own.stream().anyMatch(TESTS::contains), message.name()
                + " shares " + message.key() + " with another entry, and no test asserts three"
                + " words of its own: " + own);
    }

    @ParameterizedTest
    @MethodSource("catalog")
    void theReadmeNamesEveryKey(CatalogEntry message) throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        assertTrue(readme.contains("`" + message.key() + "`"), message.key() + " is not in README.md");
    }
}
