package dev.tvmbind.benchmarks;

import java.nio.file.Path;

/**
 * What a benchmark's script hands it through a system property: a class of its own, so that
 * reading one initialises no benchmark class (whose static fields load their libraries).
 */
final class BenchPaths {
    private BenchPaths() {}

    /** The path {@code property} names, which the script sets to {@code what}. */
    static Path given(String property, String what) {
        String path = System.getProperty(property);
        if (path == null) {
            throw new IllegalStateException("set -D" + property + " to " + what);
        }
        return Path.of(path).toAbsolutePath();
    }
}
