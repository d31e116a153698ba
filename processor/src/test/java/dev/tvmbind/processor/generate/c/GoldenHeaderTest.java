package dev.tvmbind.processor.generate.c;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import dev.tvmbind.processor.Sources;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each generated header, byte for byte, against a golden file in {@code src/test/resources/golden}.
 * The goldens of tensor-only models follow TVM v0.18's {@code interface_c.cc} to the trailing
 * space; {@code tvmgen_default.h} is TVM v0.18's text, as README shows it. After a deliberate
 * change,
 * {@code -Dtvmbind.updateGoldens=src/test/resources/golden} rewrites them for review.
 */
class GoldenHeaderTest {
    static Stream<Arguments> cases() {
        return HeaderCases.all().entrySet().stream().map(e -> Arguments.of(e.getKey(), e.getValue()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void headerMatchesGolden(String header, JavaFileObject source) throws IOException {
        Compilation compilation = Sources.compile(source);
        assertThat(compilation).succeededWithoutWarnings();
        String generated = generatedHeader(compilation, header);
        String update = System.getProperty("tvmbind.updateGoldens");
        if (update != null) {
            // -Dtvmbind.updateGoldens=src/test/resources/golden rewrites the goldens: review the
            // diff.
            java.nio.file.Files.writeString(java.nio.file.Path.of(update, header), generated);
        }
        assertEquals(golden(header), generated);
    }

    // Byte-identical output across builds and source orders: BuildContractTest, for every file.

    static String generatedHeader(Compilation compilation, String header) throws IOException {
        JavaFileObject file = compilation.generatedFile(StandardLocation.SOURCE_OUTPUT, "", header)
                .orElseThrow(() -> new AssertionError("no " + header + " among "
                        + compilation.generatedFiles()));
        try (InputStream in = file.openInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static String golden(String header) throws IOException {
        try (InputStream in = GoldenHeaderTest.class.getResourceAsStream("/golden/" + header)) {
            if (in == null) {
                throw new AssertionError("no golden file golden/" + header);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** All headers of the cases, compiled together in one compilation. */
    static Map<String, String> allHeaders() throws IOException {
        Compilation compilation = Sources.compile(HeaderCases.all().values().toArray(JavaFileObject[]::new));
        assertThat(compilation).succeededWithoutWarnings();
        Map<String, String> headers = new java.util.LinkedHashMap<>();
        for (String header : HeaderCases.all().keySet()) {
            headers.put(header, generatedHeader(compilation, header));
        }
        return headers;
    }
}
