package dev.tvmbind.processor.generate.java;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import dev.tvmbind.processor.Sources;
import dev.tvmbind.processor.generate.c.HeaderCases;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The generated bindings: every one compiles without a warning under {@code -Xlint:all}, and some
 * are compared byte for byte with golden files ({@code -Dtvmbind.updateGoldens=DIR} rewrites them
 * for review).
 */
class GoldenBindingTest {
    static Stream<Arguments> cases() {
        return HeaderCases.all().entrySet().stream().map(e -> Arguments.of(e.getKey(), e.getValue()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void bindingCompilesWithoutLintWarnings(String header, JavaFileObject source) {
        Compilation compilation = Sources.compile(List.of("-Xlint:all,-processing", "-Werror"), source);
        assertThat(compilation).succeededWithoutWarnings();
        for (JavaFileObject file : compilation.generatedSourceFiles()) {
            try {
                List<String> longer = file.getCharContent(true).toString().lines()
                        .filter(line -> line.length() > 100).toList();
                assertEquals(List.of(), longer, "lines over 100 columns in " + file.getName());
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"CatSpotter", "EveryType", "Pooled", "Runtime", "Shaped"})
    void bindingMatchesGolden(String model) throws IOException {
        JavaFileObject source = HeaderCases.all().values().stream()
                .filter(s -> s.getName().endsWith("/" + model + ".java")).findFirst().orElseThrow();
        Compilation compilation = Sources.compile(source);
        String file = model + "Binding.java";
        JavaFileObject binding = compilation.generatedFile(StandardLocation.SOURCE_OUTPUT, "golden",
                file).orElseThrow(() -> new AssertionError("no " + file));
        String generated;
        try (InputStream in = binding.openInputStream()) {
            generated = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String update = System.getProperty("tvmbind.updateGoldens");
        if (update != null) {
            Files.writeString(Path.of(update, file + ".txt"), generated);
        }
        try (InputStream in = GoldenBindingTest.class.getResourceAsStream("/golden/" + file + ".txt")) {
            if (in == null) {
                throw new AssertionError("no golden file golden/" + file + ".txt");
            }
            assertEquals(new String(in.readAllBytes(), StandardCharsets.UTF_8), generated);
        }
    }
}
