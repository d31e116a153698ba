package dev.tvmbind.runtime.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;

/**
 * The JVM's one private directory for copies of libraries, {@code tvmbind-<pid>-<random>} in
 * {@code java.io.tmpdir}: created owner-only (0700 on POSIX, as {@link Files#createTempDirectory}
 * makes it), removed with what it holds when the JVM exits, and, since a killed JVM runs no exit
 * hook, removed by the next JVM that makes its own when its process no longer runs.
 */
public final class PrivateTempDir {
    private PrivateTempDir() {}

    static final String PREFIX = "tvmbind-";

    private static Path dir;

    /**
     * The directory, made on first use.
     *
     * @throws UncheckedIOException when it cannot be made (asked again, it is tried again)
     */
    /**
     * The directory, made on first use.
     *
     * @return its path
     */
    public static synchronized Path get() {
        if (dir == null) {
            dir = create();
        }
        return dir;
    }

    private static Path create() {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        sweep(tmp);
        try {
            Path made = Files.createTempDirectory(PREFIX + ProcessHandle.current().pid() + "-");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(made),
                    "tvmbind temporary files"));
            return made;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a private temporary directory in " + tmp
                    + " (java.io.tmpdir) for copies of libraries", e);
        }
    }

    /**
     * Removes the directories of JVMs that no longer run: {@code tvmbind-<pid>-…} whose process
     * is gone, owned by this user (another user's are not ours to touch, and could not be).
     */
    static void sweep(Path tmp) {
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(tmp, PREFIX + "*-*")) {
            for (Path dir : dirs) {
                pid(dir.getFileName().toString()).filter(pid -> ProcessHandle.of(pid).isEmpty())
                        .filter(pid -> ownedByUs(dir))
                        .ifPresent(pid -> deleteTree(dir));
            }
        } catch (IOException | UncheckedIOException | SecurityException e) {
            // Nothing to sweep, or not allowed to look: the new directory does not depend on it.
        }
    }

    private static Optional<Long> pid(String name) {
        String rest = name.substring(PREFIX.length());
        int dash = rest.indexOf('-');
        if (dash <= 0) {
            return Optional.empty();
        }
        try {
            return Optional.of(Long.parseLong(rest.substring(0, dash)));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static boolean ownedByUs(Path dir) {
        try {
            return Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)
                    && Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS).getName()
                            .equals(System.getProperty("user.name"));
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /** Deletes a directory and what it holds, never following a link out of it. */
    static void deleteTree(Path dir) {
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    Files.deleteIfExists(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // Left for the next JVM's sweep.
        }
    }
}
