package dev.tvmbind.check.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a folder of test data from outside the repository lies: {@code shared/<name>}, which CI
 * lays beside its clone, or where a system property points ({@code -Dtvmbind.tvmMlf=DIR} for the
 * real TVM output; further folders, such as tvm-ffi's sources, the same way with their own
 * property). Never copied into the project.
 */
public final class SharedFolder {
    private SharedFolder() {}

    /**
     * The property's value, else {@code shared/<name>} in the nearest folder above the working
     * directory that has one, else where the repository's parent would hold it.
     */
    public static Path root(String name, String property) {
        String given = System.getProperty(property);
        if (given != null) {
            return Path.of(given).toAbsolutePath().normalize();
        }
        Path start = Path.of("").toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared").resolve(name);
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        return start.getParent().getParent().resolve("shared").resolve(name);
    }
}
