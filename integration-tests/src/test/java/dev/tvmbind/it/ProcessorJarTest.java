package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tvmbind.TvmModel;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.ToolProvider;
import org.eclipse.jdt.core.compiler.batch.BatchCompiler;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The processor jar as users outside Maven use it: alone on the processor path, the annotations
 * jar on the class path, with the JDK's javac and with Eclipse's compiler, the README's lines.
 */
class ProcessorJarTest {
    @TempDir
    Path dir;
    private Path processorJar;
    private String annotationsJar;
    private Path source;

    @BeforeEach
    void setUp() throws Exception {
        // By name: a compile-time reference would make javac read the processor's annotations.
        Class<?> processor = Class.forName("dev.tvmbind.processor.TvmBindProcessor");
        processorJar = Path.of(processor.getProtectionDomain().getCodeSource().getLocation().toURI());
        // What an application compiles against: the runtime, and the annotations it requires.
        annotationsJar = Path.of(TvmModel.class.getProtectionDomain().getCodeSource().getLocation()
                .toURI()) + java.io.File.pathSeparator + Path.of(dev.tvmbind.runtime.TvmLibrary.class
                .getProtectionDomain().getCodeSource().getLocation().toURI());
        assertTrue(processorJar.toString().endsWith(".jar"), "run after package (./mvnw verify), so"
                + " that the processor is its jar: " + processorJar);
        source = Files.writeString(Files.createDirectories(dir.resolve("src/app")).resolve("Adder.java"), """
                package app;

                import dev.tvmbind.EntryPoint;
                import dev.tvmbind.TvmModel;

                @TvmModel(name = "adder")
                public interface Adder {
                    @EntryPoint int add(int a, int b);
                }
                """);
    }

    /**
     * {@code java -jar} on an older Java (17 is the PATH's java on Debian 12) says which Java is
     * needed, exit 2, no stack trace; on this JDK it hands over to the command line.
     */
    @Test
    void javaDashJarOnAnOlderJavaSaysWhichJavaIsNeeded() throws Exception {
        Path java17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64/bin/java");
        // CI installs it (.ci/run, TVMBIND_REQUIRE_JAVA17): there its absence is a failure.
        if (System.getenv("TVMBIND_REQUIRE_JAVA17") != null) {
            assertTrue(Files.isExecutable(java17), "no Java 17 at " + java17
                    + " (TVMBIND_REQUIRE_JAVA17 is set)");
        }
        assumeTrue(Files.isExecutable(java17), "no Java 17 at " + java17);
        Process old = new ProcessBuilder(java17.toString(), "-jar", processorJar.toString(),
                "describe", "x").redirectErrorStream(true).start();
        String said = new String(old.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(2, old.waitFor(), said);
        assertTrue(said.startsWith("tvmbind needs Java 22 or later; this is Java 17 (/usr/lib/jvm/"),
                said);
        assertEquals(1, said.strip().lines().count(), said);
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process current = new ProcessBuilder(java.toString(), "-jar", processorJar.toString(),
                "--help").redirectErrorStream(true).start();
        String help = new String(current.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, current.waitFor(), help);
        assertTrue(help.startsWith("usage: java -jar tvmbind-processor.jar COMMAND"), help);
    }

    @Test
    void javacRunsTheProcessorJarWithNothingBesideIt() {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        int status = ToolProvider.getSystemJavaCompiler().run(null, output, output,
                "-processorpath", processorJar.toString(), "-classpath", annotationsJar,
                "-d", dir.resolve("classes").toString(), "-s", dir.resolve("gen").toString(),
                "-Xlint:all,-processing", "-Werror", source.toString());
        assertEquals(0, status, output.toString(StandardCharsets.UTF_8));
        assertGenerated(dir.resolve("gen"));
    }

    @Test
    void eclipsesCompilerRunsItWithTheClassPathWrittenBeforeTheProcessorPath() {
        // Eclipse bug 573833: ecj ignores -processorpath written before -classpath.
        StringWriter output = new StringWriter();
        boolean ok = BatchCompiler.compile(new String[] {"-22", "-classpath", annotationsJar,
                "-processorpath", processorJar.toString(), "-d", dir.resolve("ecj-classes").toString(),
                "-s", dir.resolve("ecj-gen").toString(), source.toString()},
                new PrintWriter(output), new PrintWriter(output), null);
        assertTrue(ok, output.toString());
        assertGenerated(dir.resolve("ecj-gen"));
    }

    private static void assertGenerated(Path generated) {
        for (String file : List.of("tvmgen_adder.h", "app/AdderBinding.java")) {
            assertTrue(Files.isRegularFile(generated.resolve(file)), file + " in " + generated);
        }
    }
}
