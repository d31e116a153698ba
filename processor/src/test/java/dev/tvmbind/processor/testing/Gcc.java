package dev.tvmbind.processor.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs gcc or g++. The project's promise that every header compiles rests on these runs, so a
 * missing compiler fails the test instead of skipping it.
 */
public final class Gcc {
    /** The warnings every generated header must pass. */
    public static final List<String> STRICT = List.of("-Wall", "-Wextra", "-pedantic", "-Werror");
    public static final List<String> C_STANDARDS = List.of("c99", "c11", "c17", "c2x");
    public static final List<String> CXX_STANDARDS = List.of("c++11", "c++17", "c++20");

    /** What a run printed and how it ended. */
    public record Result(int exitCode, String output) {
        public boolean ok() {
            return exitCode == 0;
        }
    }

    private Gcc() {}

    /** Runs {@code driver} ("gcc" or "g++") with {@code args} in {@code dir}. */
    public static Result run(Path dir, String driver, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(driver);
        command.addAll(args);
        try {
            ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectErrorStream(true);
            builder.environment().put("LC_ALL", "C"); // plain quotes in messages, in every locale
            Process process = builder.start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(2, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new AssertionError(driver + " did not finish: " + command);
            }
            return new Result(process.exitValue(), output);
        } catch (IOException e) {
            throw new AssertionError(driver + " is needed to test the generated C headers; install"
                    + " gcc and g++ (Debian: apt-get install gcc g++): " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Checks {@code file}'s syntax and types as C or C++ of {@code standard}, warnings as errors. */
    public static Result check(Path dir, String standard, Path file) {
        boolean cxx = standard.startsWith("c++");
        List<String> args = new ArrayList<>(List.of("-std=" + standard));
        args.addAll(STRICT);
        args.addAll(List.of("-fsyntax-only", "-x", cxx ? "c++" : "c", file.toString()));
        return run(dir, cxx ? "g++" : "gcc", args);
    }
}
