package dev.tvmbind.processor.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The real TVM output the tests read: {@code ../shared/tvm-mlf} beside the repository, or where
 * {@code -Dtvmbind.tvmMlf} points. Test data, never copied into the project; where it is absent,
 * the tests that need it are skipped with the reason.
 */
public final class TvmMlf {
    private TvmMlf() {}

    /** The fixture's folder, e.g. {@code aww}: skips the test when it is absent. */
    public static Path fixture(String name) {
        String root = System.getProperty("tvmbind.tvmMlf", "../../shared/tvm-mlf");
        Path folder = Path.of(root, name).toAbsolutePath().normalize();
        assumeTrue(Files.isDirectory(folder), "the real TVM output " + folder + " is absent;"
                + " point -Dtvmbind.tvmMlf at a copy of shared/tvm-mlf to run this test");
        return folder;
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
}
