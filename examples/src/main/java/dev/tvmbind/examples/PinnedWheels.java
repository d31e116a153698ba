package dev.tvmbind.examples;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

/**
 * The pinned wheels' environment as run-examples found it (the tests' {@code Wheels} helper
 * writes {@code target/relax/wheels.properties}: {@code sitePackages} and {@code python}, or why
 * it was {@code skipped}).
 */
final class PinnedWheels {
    private PinnedWheels() {}

    /** The environment, or empty after printing why the example is skipped. */
    static Optional<Properties> read(Path file) throws IOException {
        Properties environment = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            environment.load(in);
        }
        if (environment.containsKey("skipped")) {
            System.out.println("   skipped: " + environment.getProperty("skipped"));
            return Optional.empty();
        }
        return Optional.of(environment);
    }
}
