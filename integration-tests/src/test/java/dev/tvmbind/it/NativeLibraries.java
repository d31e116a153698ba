package dev.tvmbind.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Builds the test libraries with gcc from {@code src/test/c}, against the headers the processor
 * generated for the test sources. A missing gcc fails the tests: they are the proof that the
 * binding and the header agree.
 */
final class NativeLibraries {
    private static final Map<String, Path> BUILT = new ConcurrentHashMap<>();

    private NativeLibraries() {}

    /** The shared library built from {@code src/test/c/<name>.c}. */
    static Path of(String name) {
        return BUILT.computeIfAbsent(name, NativeLibraries::build);
    }

    private static Path build(String name) {
        Path headers = Path.of(System.getProperty("tvmbind.headers"));
        Path source = Path.of(System.getProperty("tvmbind.csources"), name + ".c");
        Path out = Path.of(System.getProperty("tvmbind.native"), "lib" + name + ".so");
        // tvmbind's portable arm_acle.h is on the path, as in a host build of DSP-scheduled C.
        Path acle = Path.of(System.getProperty("tvmbind.platform"), "acle");
        List<String> command = List.of("gcc", "-std=c11", "-O2", "-Wall", "-Wextra", "-pedantic",
                "-Werror", "-shared", "-fPIC", "-I", headers.toString(), "-I", acle.toString(),
                "-o", out.toString(), source.toString());
        try {
            Files.createDirectories(out.getParent());
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            builder.environment().put("LC_ALL", "C");
            Process gcc = builder.start();
            String output = new String(gcc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!gcc.waitFor(2, TimeUnit.MINUTES) || gcc.exitValue() != 0) {
                throw new AssertionError("gcc failed: " + command + "\n" + output);
            }
            return out;
        } catch (IOException e) {
            throw new AssertionError("gcc is needed to build the test libraries (Debian: apt-get"
                    + " install gcc): " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
