package dev.tvmbind.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The processor under the JDK's own javac, with files on disk, as Maven and Gradle run it. */
class RealJavacTest {
    @TempDir Path dir;

    @Test
    void reservedPrefixIsAKeyedErrorOnItsLine() throws IOException {
        Path source = RealJavac.write(dir, "com/acme/Bad.java", """
                package com.acme;

                import dev.tvmbind.EntryPoint;
                import dev.tvmbind.TvmModel;

                @TvmModel(prefix = "_tvm")
                public interface Bad {
                    @EntryPoint int version();
                }
                """);
        Path good = RealJavac.write(dir, "com/acme/Good.java", """
                package com.acme;

                @dev.tvmbind.TvmModel
                public interface Good {
                    @dev.tvmbind.EntryPoint int version();
                }
                """);
        RealJavac.Result result = RealJavac.compile(dir, List.of(), List.of(source, good));

        assertFalse(result.success());
        Diagnostic<? extends JavaFileObject> error = result.diagnostics().stream()
                .filter(d -> d.getKind() == Diagnostic.Kind.ERROR).findFirst().orElseThrow();
        assertTrue(error.getMessage(null).startsWith("[tvmbind:reserved-identifier] prefix '_tvm'"),
                error.getMessage(null));
        assertEquals(6, error.getLineNumber());
        assertTrue(error.getSource().toUri().getPath().endsWith("com/acme/Bad.java"));
        assertEquals(1, result.errors().size(), result.errors().toString());
        assertFalse(Files.exists(result.sourceOutput().resolve("_tvm_bad.h")),
                "nothing is generated for an invalid model");
        assertTrue(Files.exists(result.sourceOutput().resolve("tvmgen_good.h")),
                "a valid model still generates beside an invalid one");
    }

    @Test
    void headerGoesToTheSourceOutputRootAndToHeaderDir() throws IOException {
        Path source = RealJavac.write(dir, "com/acme/KeywordSpotter.java", """
                package com.acme;

                import dev.tvmbind.*;
                import java.lang.foreign.MemorySegment;

                @TvmModel(prefix = "acme")
                public interface KeywordSpotter {
                    @EntryPoint int run(@Input(size = 4) MemorySegment audio,
                                        @Output(size = 4) MemorySegment scores);
                }
                """);
        Path include = dir.resolve("native/include");
        RealJavac.Result result = RealJavac.compile(dir,
                List.of("-Atvmbind.headerDir=" + include), List.of(source));

        assertTrue(result.success(), result.diagnostics().toString());
        assertEquals(List.of(), result.warnings());
        String header = Files.readString(result.sourceOutput().resolve("acme_keyword_spotter.h"));
        assertTrue(header.contains("int32_t acme_keyword_spotter_run("), header);
        assertEquals(header, Files.readString(include.resolve("acme_keyword_spotter.h")));
    }

    @Test
    void anInvalidOptionStopsGeneration() throws IOException {
        Path source = RealJavac.write(dir, "M.java", """
                @dev.tvmbind.TvmModel
                interface M {
                    @dev.tvmbind.EntryPoint int version();
                }
                """);
        RealJavac.Result result = RealJavac.compile(dir,
                List.of("-Atvmbind.significantChars=many"), List.of(source));

        assertEquals(1, result.errors().size(), result.errors().toString());
        assertTrue(result.errors().getFirst().startsWith("[tvmbind:invalid-option] option"
                + " -Atvmbind.significantChars=many"), result.errors().getFirst());
        try (var files = Files.list(result.sourceOutput())) {
            assertEquals(List.of(), files.toList(), "nothing generated");
        }
    }

    @Test
    void unwritableHeaderDirIsAnErrorNotACrash() throws IOException {
        Path source = RealJavac.write(dir, "M.java", """
                @dev.tvmbind.TvmModel
                interface M {
                    @dev.tvmbind.EntryPoint int version();
                }
                """);
        Path blocker = Files.writeString(dir.resolve("a-file"), "not a directory");
        RealJavac.Result result = RealJavac.compile(dir,
                List.of("-Atvmbind.headerDir=" + blocker.resolve("include")), List.of(source));

        assertFalse(result.success());
        assertEquals(1, result.errors().size(), result.errors().toString());
        assertTrue(result.errors().getFirst().startsWith("[tvmbind:header-dir] cannot write"
                + " tvmgen_m.h to -Atvmbind.headerDir=" + blocker.resolve("include")),
                result.errors().getFirst());
    }
}
