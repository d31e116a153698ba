package dev.tvmbind.check.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;

/**
 * The real TVM output the tests read: {@code shared/tvm-mlf} beside the repository (or higher
 * up), or where {@code -Dtvmbind.tvmMlf} points. Test data, never copied into the project; where it is absent,
 * the tests that need it are skipped with the reason.
 */
public final class TvmMlf {
    private TvmMlf() {}

    /** Set by {@code .ci/run}: in CI a missing fixture fails the build instead of skipping tests. */
    public static final boolean REQUIRED = System.getenv("TVMBIND_REQUIRE_FIXTURES") != null;

    /**
     * The fixture's folder, e.g. {@code aww}: skips the test when it is absent, or fails it where
     * the fixtures are required.
     */
    public static Path fixture(String name) {
        Path folder = root().resolve(name);
        String absent = "the real TVM output " + folder + " is absent; lay shared/ beside the"
                + " repository or point -Dtvmbind.tvmMlf at a copy of shared/tvm-mlf";
        if (REQUIRED) {
            assertTrue(Files.isDirectory(folder), absent + " (TVMBIND_REQUIRE_FIXTURES is set)");
        }
        assumeTrue(Files.isDirectory(folder), absent + " to run this test");
        return folder;
    }

    /**
     * {@code -Dtvmbind.tvmMlf}, else {@code shared/tvm-mlf} in the nearest folder above that has
     * one (CI lays {@code shared/} beside its clone), else where the repository's parent would
     * hold it.
     */
    public static Path root() {
        return SharedFolder.root("tvm-mlf", "tvmbind.tvmMlf");
    }

    /** A copy of {@code tree} under {@code dir}, to change as a documented variant. */
    public static Path copy(Path tree, Path dir) {
        try (Stream<Path> files = Files.walk(tree)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Path target = dir.resolve(tree.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code tree} as a tar, the way TVM's export writes one ({@code ./}-relative names). */
    public static Path tar(Path tree, Path tar) throws IOException {
        try (OutputStream out = Files.newOutputStream(tar);
                TarArchiveOutputStream entries = new TarArchiveOutputStream(out);
                Stream<Path> files = Files.walk(tree)) {
            entries.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            for (Path file : (Iterable<Path>) files.sorted()::iterator) {
                String name = "./" + tree.relativize(file).toString().replace('\\', '/');
                TarArchiveEntry entry = new TarArchiveEntry(file.toFile(),
                        Files.isDirectory(file) ? name + "/" : name);
                entries.putArchiveEntry(entry);
                if (Files.isRegularFile(file)) {
                    Files.copy(file, entries);
                }
                entries.closeArchiveEntry();
            }
        }
        return tar;
    }
}
