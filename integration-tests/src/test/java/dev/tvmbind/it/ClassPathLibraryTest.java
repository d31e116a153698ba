package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.runtime.ClassPathLibrary;
import dev.tvmbind.runtime.TvmLibrary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A library in the class path as the {@code native} goal lays it out, {@code native/<platform>/},
 * here in the test classes' directory: found for this platform, copied once however many threads
 * ask first, and refused for a platform the class path has none for, naming the ones it has.
 */
class ClassPathLibraryTest {
    private static Path classes;

    @BeforeAll
    static void layOut() throws Exception {
        classes = Path.of(ClassPathLibraryTest.class.getProtectionDomain().getCodeSource()
                .getLocation().toURI());
        Path here = Files.createDirectories(classes.resolve("native/" + ClassPathLibrary.platform()));
        Files.copy(NativeLibraries.of("echo"), here.resolve(System.mapLibraryName("cpecho")),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Path arm = Files.createDirectories(classes.resolve("native/linux-aarch64"));
        Files.writeString(arm.resolve(System.mapLibraryName("armonly")), "not loaded");
    }

    private static byte[] echo(Echo model) {
        byte[] out = new byte[4];
        assertEquals(0, model.run(new byte[] {1, 2, 3, 4, 0, 0, 0, 0}, out));
        return out;
    }

    @Test
    void thisPlatformsNameIsTheGoalsFolder() {
        assertTrue(List.of("linux-x86_64", "linux-aarch64").contains(ClassPathLibrary.platform()),
                ClassPathLibrary.platform());
    }

    @Test
    void twoLoadsShareOneCopyAndBothCall() {
        Path first = ClassPathLibrary.extract("cpecho");
        assertEquals(first, ClassPathLibrary.extract("cpecho"));
        assertTrue(first.getFileName().toString().endsWith(System.mapLibraryName("cpecho")));
        // Nobody else can read or replace the code this JVM loads: an owner-only file in an
        // owner-only directory (the umask once gave -rw-r--r--).
        try {
            assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(
                    Files.getPosixFilePermissions(first)));
            assertEquals("rwx------", java.nio.file.attribute.PosixFilePermissions.toString(
                    Files.getPosixFilePermissions(first.getParent())));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        assertArrayEquals(new byte[] {1, 2, 3, 4}, echo(EchoBinding.load(first)));
        try (TvmLibrary library = ClassPathLibrary.open("cpecho")) {
            assertArrayEquals(new byte[] {1, 2, 3, 4}, echo(library.model(Echo.class)));
        }
    }

    @Test
    void concurrentFirstUsesGetTheOneCopyAndALoneCallersResults() throws Exception {
        Path source = classes.resolve("native/" + ClassPathLibrary.platform() + "/"
                + System.mapLibraryName("cpecho2"));
        Files.copy(NativeLibraries.of("echo"), source,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            // Eight threads ask first at once, each loads the copy and calls through it.
            List<Callable<Path>> tasks = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                tasks.add(() -> {
                    Path copy = ClassPathLibrary.extract("cpecho2");
                    assertArrayEquals(new byte[] {1, 2, 3, 4}, echo(EchoBinding.load(copy)));
                    return copy;
                });
            }
            List<Path> copies = new ArrayList<>();
            for (Future<Path> copy : pool.invokeAll(tasks)) {
                copies.add(copy.get());
            }
            assertEquals(1, copies.stream().distinct().count(), copies.toString());
            // A lone caller afterwards: the same copy, the same result.
            assertEquals(copies.get(0), ClassPathLibrary.extract("cpecho2"));
            assertArrayEquals(new byte[] {1, 2, 3, 4}, echo(EchoBinding.load(copies.get(0))));
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void aLibraryForAnotherPlatformOnlyIsRefusedNamingIt() {
        UnsatisfiedLinkError e = assertThrows(UnsatisfiedLinkError.class,
                () -> ClassPathLibrary.open("armonly"));
        assertTrue(e.getMessage().contains("has " + System.mapLibraryName("armonly")
                + " for linux-aarch64"), e.getMessage());
        UnsatisfiedLinkError none = assertThrows(UnsatisfiedLinkError.class,
                () -> ClassPathLibrary.extract("absent"));
        assertTrue(none.getMessage().contains("for no platform"), none.getMessage());
    }
}
