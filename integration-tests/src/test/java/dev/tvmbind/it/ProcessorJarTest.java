package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
