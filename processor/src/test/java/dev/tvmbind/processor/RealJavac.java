package dev.tvmbind.processor;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Runs the JDK's javac as a build does: sources and outputs on disk, the processor found through
 * its {@code META-INF/services} registration on the processor path, not handed to the compiler
 * as an object.
 */
public final class RealJavac {
    /**
     * What a compilation produced.
     *
     * @param success whether javac succeeded
     * @param diagnostics every diagnostic, in order
     * @param sourceOutput the {@code -s} directory (generated sources and headers)
     * @param classOutput the {@code -d} directory
     */
    public record Result(boolean success, List<Diagnostic<? extends JavaFileObject>> diagnostics,
            Path sourceOutput, Path classOutput, String output) {
        public List<String> errors() {
            return messages(Diagnostic.Kind.ERROR);
        }

        public List<String> warnings() {
            return messages(Diagnostic.Kind.WARNING);
        }

        private List<String> messages(Diagnostic.Kind kind) {
            return diagnostics.stream().filter(d -> d.getKind() == kind)
                    .map(d -> d.getMessage(Locale.ROOT)).toList();
        }
    }

    private RealJavac() {}

    /** Writes {@code sources} (path relative to the source root → text) and compiles them. */
    public static Result compile(Path dir, List<String> options, List<Path> sources) throws IOException {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Path generated = Files.createDirectories(dir.resolve("generated"));
        String classPath = System.getProperty("java.class.path");
        List<String> args = new ArrayList<>(List.of(
                "-proc:full",
                "-processorpath", classPath,
                // As Maven does: the class output is on the class path.
                "-classpath", classes + java.io.File.pathSeparator + classPath,
                "-d", classes.toString(),
                "-s", generated.toString(),
                "-Xlint:all,-processing"));
        args.addAll(options);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        StringWriter output = new StringWriter();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
            boolean success = javac.getTask(output, files, diagnostics, args, null,
                    files.getJavaFileObjectsFromPaths(sources)).call();
            return new Result(success, diagnostics.getDiagnostics(), generated, classes,
                    output.toString());
        }
    }

    /** Writes a source file under {@code dir/src} and returns its path. */
    public static Path write(Path dir, String relativePath, String text) throws IOException {
        Path file = dir.resolve("src").resolve(relativePath);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }
}
