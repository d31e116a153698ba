package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.runtime.TvmExecutor;
import dev.tvmbind.runtime.TvmLibrary;
import dev.tvmbind.runtime.UnreadableLibraryError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code TvmLibrary.open(library, n)}: bad input refused before anything is loaded, nothing left behind. */
class PrivateCopiesTest {
    private static final Path LIBRARY = NativeLibraries.of("gate");

    @Test
    void fewerThanOneCopyIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TvmLibrary.open(LIBRARY, 0));
        assertEquals("instances must be at least 1, not 0", e.getMessage());
    }

    /**
     * The library's copies are unloaded by its close, not by a garbage collection some time
     * later (1,000 cycles once left thousands of mappings); a typed binding keeps copies of its
     * own, usable after the close.
     */
    @Test
    void closeUnloadsTheCopiesAndABindingFollowsTheLibrary() throws IOException {
        long before = copyMappings();
        Gate gate;
        int[] out = new int[1];
        try (TvmLibrary library = TvmLibrary.open(LIBRARY, 3)) {
            TvmExecutor executor = library.executor(Gate.class);
            executor.setInput("in", new int[] {9});
            executor.run();
            assertTrue(copyMappings() > before, "the copies are mapped");
            gate = library.model(Gate.class);
            assertEquals(0, gate.run(new int[] {8}, out));
            assertEquals(8, out[0]);
        }
        // The binding follows the library, on copies of its own that stay mapped while it is
        // reachable: a call after the close is refused, never a call into unmapped code.
        assertThrows(IllegalStateException.class, () -> gate.run(new int[] {8}, out));
        long withBinding = copyMappings();
        for (int i = 0; i < 50; i++) {
            try (TvmLibrary library = TvmLibrary.open(LIBRARY, 2)) {
                TvmExecutor executor = library.executor(Gate.class);
                executor.setInput("in", new int[] {i});
                executor.run();
            }
        }
        assertTrue(copyMappings() <= withBinding, "50 cycles left mappings: " + copyMappings()
                + " > " + withBinding);
    }

    /** Lines of /proc/self/maps that map a private copy (deleted once loaded). */
    private static long copyMappings() throws IOException {
        try (Stream<String> lines = Files.lines(Path.of("/proc/self/maps"))) {
            return lines.filter(l -> l.contains("/copies-")).count();
        }
    }

    /** 100,000 copies once ran for minutes; past the bound it is refused at once, saying why. */
    @Test
    void tooManyCopiesAreRefusedAtOnce() {
        int max = Math.max(64, 8 * Runtime.getRuntime().availableProcessors());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TvmLibrary.open(LIBRARY, 100_000));
        assertEquals("100000 private copies of " + LIBRARY + " are more than tvmbind loads (" + max
                + ": 8 per core, at least 64); runs in parallel are bounded by the cores, so open"
                + " as many copies as threads that call the model at once", e.getMessage());
        try (TvmLibrary library = TvmLibrary.open(LIBRARY, max)) {
            int[] out = new int[1];
            assertEquals(0, library.model(Gate.class).run(new int[] {7}, out));
            assertEquals(7, out[0]);
        }
    }

    @Test
    void aMissingLibraryIsRefusedBeforeAnyCopy(@TempDir Path dir) {
        UnsatisfiedLinkError e = assertThrows(UnsatisfiedLinkError.class,
                () -> TvmLibrary.open(dir.resolve("libnone.so"), 2));
        assertEquals("cannot load " + dir.resolve("libnone.so") + ": no such file", e.getMessage());
    }

    @Test
    void theCopiesAreDeletedOnceLoaded() throws IOException {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        List<Path> before = copies(tmp);
        try (TvmLibrary library = TvmLibrary.open(LIBRARY, 3)) {
            Gate gate = library.model(Gate.class);
            int[] out = new int[1];
            assertEquals(0, gate.run(new int[] {7}, out));
            assertEquals(7, out[0]);
            assertEquals(before, copies(tmp), "copies left in " + tmp);
        }
    }

    /** A JVM whose temporary directory does not exist: a clear exception, nothing loaded. */
    @Test
    void noTemporaryDirectoryIsAClearError(@TempDir Path dir) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        Path missing = dir.resolve("no-such-dir");
        Process process = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED",
                "-Djava.io.tmpdir=" + missing, "-cp", System.getProperty("java.class.path"),
                OpenCopies.class.getName(), LIBRARY.toString()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertTrue(output.contains("java.io.UncheckedIOException: cannot make a private temporary"
                + " directory in " + missing + " (java.io.tmpdir) for copies of libraries"), output);
    }

    /** Opens two copies of the library its argument names, and prints what that throws. */
    static final class OpenCopies {
        public static void main(String[] args) {
            try (TvmLibrary library = TvmLibrary.open(Path.of(args[0]), 2)) {
                System.out.println("opened " + library);
            } catch (RuntimeException e) {
                System.out.println(e);
            }
        }
    }

    /** Whatever this JVM's private directories (tvmbind-<pid>-…) hold below them. */
    private static List<Path> copies(Path tmp) throws IOException {
        String mine = "tvmbind-" + ProcessHandle.current().pid() + "-";
        try (Stream<Path> files = Files.walk(tmp, 3)) {
            return files.filter(f -> tmp.relativize(f).toString().startsWith(mine)
                            && tmp.relativize(f).getNameCount() > 1)
                    .sorted().toList();
        } catch (java.io.UncheckedIOException e) {
            return List.of(); // another test's file went while walking
        }
    }

    /** What is wrong with the file is said of the user's file, before a copy is made of it. */
    @Test
    void copiesOfAFileThatIsNoLibraryAreRefusedNamingTheUsersFile(@TempDir Path dir)
            throws Exception {
        Path text = Files.writeString(dir.resolve("libnot.so"), "not a library\n");
        UnreadableLibraryError e = assertThrows(UnreadableLibraryError.class,
                () -> TvmLibrary.open(text, 2));
        assertEquals("cannot load " + text.toAbsolutePath() + ": it is not a shared library (it"
                + " does not begin as an ELF, Mach-O or PE file does); build the model's C into"
                + " one, e.g. gcc -shared -fPIC", e.getMessage());
        assertEquals(text.toAbsolutePath(), e.library());
    }
}
