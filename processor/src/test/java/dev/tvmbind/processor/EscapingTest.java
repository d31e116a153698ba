package dev.tvmbind.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tvmbind.processor.Sources.compile;
import static dev.tvmbind.processor.Sources.model;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.google.testing.compile.Compilation;
import java.util.Locale;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Names are free text where a user writes them: what reaches a diagnostic has its control
 * characters escaped, and what reaches the binding's javadoc cannot end the comment (javac reads
 * {@code \\u002a/} as its end even there) or put a NUL in a source file.
 */
class EscapingTest {
    @Test
    void aDiagnosticQuotesControlCharactersEscaped() {
        JavaFileObject source = model("M", "@TvmModel",
                "@EntryPoint int run(@Input(value = \"a\\u0000b\\nc__d\", size = 4) byte[] x,",
                "    @Output(value = \"y\", size = 4) byte[] y);");
        Compilation c = compile(source);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining("[tvmbind:double-underscore] input name 'a\\x00b\\nc__d'");
        String message = c.errors().getFirst().getMessage(Locale.ROOT);
        assertFalse(message.contains("\u0000") || message.contains("\n"), message);
    }

    @Test
    void aNameThatSpellsTheCommentsEndStaysInsideTheJavadoc() {
        JavaFileObject source = model("M", "@TvmModel",
                "@EntryPoint int run(@Input(value = \"x\\\\u002a/y\\u0001z\", size = 4) byte[] x,",
                "    @Output(value = \"y\", size = 4) byte[] y);");
        Compilation c = compile(source);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.MBinding").contentsAsUtf8String()
                .contains("Input <code>x&#92;u002a&#47;y&#1;z</code>, passed as");
    }
}
