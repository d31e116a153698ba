package dev.tvmbind.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The list of providers that makes every model of a compilation known by name. */
class ProvidersFileTest {
    private static final String FILE = "META-INF/services/dev.tvmbind.runtime.ModelProvider";

    @TempDir Path dir;

    @Test
    void listsEveryModelsProviderByBinaryNameSorted() throws IOException {
        Compilation compilation = Sources.compile(
                JavaFileObjects.forSourceString("com.acme.Zeta", """
                        package com.acme;
                        @dev.tvmbind.TvmModel
                        public interface Zeta { @dev.tvmbind.EntryPoint int version(); }
                        """),
                JavaFileObjects.forSourceString("com.acme.Outer", """
                        package com.acme;
                        public interface Outer {
                            @dev.tvmbind.TvmModel(name = "inner")
                            interface Inner { @dev.tvmbind.EntryPoint int version(); }
                        }
                        """),
                JavaFileObjects.forSourceString("Top", """
                        @dev.tvmbind.TvmModel
                        public interface Top { @dev.tvmbind.EntryPoint int version(); }
                        """));
        assertThat(compilation).succeeded();
        assertThat(compilation).generatedFile(StandardLocation.CLASS_OUTPUT, FILE).contentsAsUtf8String()
                .isEqualTo("TopBinding$Provider\ncom.acme.Outer_InnerBinding$Provider\n"
                        + "com.acme.ZetaBinding$Provider\n");
    }

    @Test
    void aModelWithErrorsIsNotListed() throws IOException {
        Path bad = RealJavac.write(dir, "Bad.java", """
                @dev.tvmbind.TvmModel(prefix = "tvm")
                public interface Bad { @dev.tvmbind.EntryPoint int version(); }
                """);
        Path good = RealJavac.write(dir, "Good.java", """
                @dev.tvmbind.TvmModel
                public interface Good { @dev.tvmbind.EntryPoint int version(); }
                """);
        RealJavac.Result result = RealJavac.compile(dir, List.of(), List.of(bad, good));
        assertFalse(result.success());
        assertEquals("GoodBinding$Provider\n", Files.readString(result.classOutput().resolve(FILE)));
    }

    @Test
    void noModelWrittenMeansNoFile() throws IOException {
        Path bad = RealJavac.write(dir, "Bad.java", """
                @dev.tvmbind.TvmModel(prefix = "tvm")
                public interface Bad { @dev.tvmbind.EntryPoint int version(); }
                """);
        RealJavac.Result result = RealJavac.compile(dir, List.of(), List.of(bad));
        assertFalse(result.success());
        assertFalse(Files.exists(result.classOutput().resolve(FILE)));
    }

    @Test
    void compilingSomeSourcesAgainKeepsTheOthersWhileTheirBindingsResolve() throws IOException {
        Path a = RealJavac.write(dir, "com/acme/A.java", """
                package com.acme;
                @dev.tvmbind.TvmModel
                public interface A { @dev.tvmbind.EntryPoint int version(); }
                """);
        Path b = RealJavac.write(dir, "com/acme/B.java", """
                package com.acme;
                @dev.tvmbind.TvmModel
                public interface B { @dev.tvmbind.EntryPoint int version(); }
                """);
        RealJavac.Result both = RealJavac.compile(dir, List.of(), List.of(a, b));
        assertTrue(both.success(), both.diagnostics().toString());
        Path file = both.classOutput().resolve(FILE);
        String all = "com.acme.ABinding$Provider\ncom.acme.BBinding$Provider\n";
        assertEquals(all, Files.readString(file));

        // An IDE's incremental build: only A is compiled again, B's classes stay in the output.
        RealJavac.Result onlyA = RealJavac.compile(dir, List.of(), List.of(a));
        assertTrue(onlyA.success(), onlyA.diagnostics().toString());
        assertEquals(all, Files.readString(file));

        // B was deleted, and its classes with it: its entry goes too.
        try (var classes = Files.list(both.classOutput().resolve("com/acme"))) {
            classes.filter(p -> p.getFileName().toString().startsWith("B")).forEach(p -> p.toFile().delete());
        }
        RealJavac.Result afterDelete = RealJavac.compile(dir, List.of(), List.of(a));
        assertTrue(afterDelete.success(), afterDelete.diagnostics().toString());
        assertEquals("com.acme.ABinding$Provider\n", Files.readString(file));
    }
}
