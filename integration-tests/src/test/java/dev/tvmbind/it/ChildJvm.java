package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.TvmModel;
import dev.tvmbind.contract.CNames;
import dev.tvmbind.runtime.TvmLibrary;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.tools.ToolProvider;

/** Builds modules with javac and gcc, and runs them in a JVM of their own: what the module tests share. */
final class ChildJvm {
    private ChildJvm() {}

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The runtime's module path: its jar (or classes) and what it requires (the annotations, Gson). */
    static String runtimeModulePath() throws Exception {
        return String.join(File.pathSeparator, location(TvmModel.class),
                location(CNames.class), location(TvmLibrary.class),
                location(com.google.gson.Gson.class));
    }

    private static String location(Class<?> type) throws Exception {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    /**
     * Compiles the sources under {@code src} into {@code classes}, with tvmbind's processor when
     * {@code generated} is given (its output folder), against {@code modulePath}.
     */
    static void javac(Path src, Path classes, Path generated, String modulePath) throws Exception {
        javac(src, classes, generated, "--module-path", modulePath);
    }

    /** The same against a class path. */
    static void javacClassPath(Path src, Path classes, Path generated, String classPath)
            throws Exception {
        javac(src, classes, generated, "--class-path", classPath);
    }

    private static void javac(Path src, Path classes, Path generated, String pathOption,
            String path) throws Exception {
        List<String> args = new ArrayList<>(List.of(pathOption, path,
                "-d", classes.toString(), "-Xlint:all,-processing,-path", "-Werror"));
        if (generated == null) {
            args.add("-proc:none");
        } else {
            args.addAll(List.of("-proc:full", "-processorpath", System.getProperty("java.class.path"),
                    "-s", Files.createDirectories(generated).toString()));
        }
        try (var files = Files.walk(src)) {
            files.filter(p -> p.toString().endsWith(".java")).forEach(p -> args.add(p.toString()));
        }
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, output, output,
                args.toArray(String[]::new)), output.toString(StandardCharsets.UTF_8));
    }

    static Path write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }

    /** Runs {@code command}; it must exit 0 within two minutes. */
    static String run(List<String> command) throws IOException, InterruptedException {
        return run(command, Map.of());
    }

    static String run(List<String> command, Map<String, String> environment)
            throws IOException, InterruptedException {
        return run(command, environment, List.of());
    }

    /** The same, the environment's {@code unset} variables removed (what a child must not inherit). */
    static String run(List<String> command, Map<String, String> environment, List<String> unset)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        unset.forEach(builder.environment()::remove);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(2, TimeUnit.MINUTES), "finished: " + command);
        assertEquals(0, process.exitValue(), command + "\n" + output);
        return output;
    }
}
