package dev.tvmbind.processor.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.check.CheckMessage;
import dev.tvmbind.processor.model.Site;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every message formats with exactly its arguments: a call site that passes one too few or too
 * many fails where the problem is made (in the diagnostic tests that reach it), never in a
 * user's build as an internal error.
 */
class MessageTest {
    @ParameterizedTest
    @EnumSource(Message.class)
    void formatsWithItsArityAndNoOther(Message message) {
        Object[] args = new Object[message.arity()];
        Arrays.fill(args, 1); // fits %s and %d alike
        String text = message.format(args);
        assertTrue(text.startsWith("[tvmbind:" + message.key() + "] "), text);
        assertTrue(!text.contains("%"), text);
        assertThrows(IllegalArgumentException.class,
                () -> message.format(Arrays.copyOf(args, args.length + 1)));
        if (args.length > 0) {
            assertThrows(IllegalArgumentException.class,
                    () -> Problem.of(message, Site.COMMAND_LINE, Arrays.copyOf(args, args.length - 1)));
        }
    }

    /** A finding of the TVM-output check becomes the processor's message of its name. */
    @ParameterizedTest
    @EnumSource(value = CheckMessage.class, names = {"TVM_CHECK_RECORD", "TVM_OUTPUT_OPERATORS"},
            mode = EnumSource.Mode.EXCLUDE) // only the build's check reads records
    void everyFindingTheProcessorReceivesHasItsMessage(CheckMessage finding) {
        Message message = Message.valueOf(finding.name());
        assertEquals(finding.key(), message.key());
        Object[] args = new Object[finding.arity()];
        Arrays.fill(args, 1);
        assertEquals(finding.text(args), message.format(args));
    }

    @Test
    void aNumberConversionCounts() {
        assertEquals(3, Message.NEGATIVE_SIZE.arity());
    }

    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\n]*", Pattern.DOTALL);
    /** The processor's tests, comments left out: a key named in a comment is not tested. */
    private static final String TESTS = testCode();

    private static String testCode() {
        try (Stream<Path> files = Files.walk(Path.of("src", "test", "java"))) {
            StringBuilder code = new StringBuilder();
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                code.append(COMMENT.matcher(Files.readString(file)).replaceAll(""));
            }
            return code.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @ParameterizedTest
    @EnumSource(Message.class)
    void everyKeyHasATestThatAssertsIt(Message message) {
        assertTrue(TESTS.contains("[tvmbind:" + message.key() + "]"), message.key()
                + " appears in no test's code: add one that asserts a diagnostic with it");
    }

    @ParameterizedTest
    @EnumSource(Message.class)
    void theReadmeNamesEveryKey(Message message) throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        assertTrue(readme.contains("`" + message.key() + "`"), message.key() + " is not in README.md");
    }
}
