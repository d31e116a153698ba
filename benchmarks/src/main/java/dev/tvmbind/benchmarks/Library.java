package dev.tvmbind.benchmarks;

import java.nio.file.Path;

/** Where the benchmarked library is: {@code -Dbench.library=...}, set by the build and the script. */
final class Library {
    private Library() {}

    static Path path() {
        String path = System.getProperty("bench.library");
        if (path == null) {
            throw new IllegalStateException("set -Dbench.library to the libbench.so the build made");
        }
        return Path.of(path).toAbsolutePath();
    }
}
