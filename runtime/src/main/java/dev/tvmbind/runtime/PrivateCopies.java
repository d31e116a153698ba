package dev.tvmbind.runtime;

import dev.tvmbind.runtime.internal.Libraries;
import dev.tvmbind.runtime.internal.NativeAccess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Loads private copies of a shared library: the dynamic loader loads a file once per process
 * however often it is opened, so the only way to a second set of its static variables (TVM's
 * static workspace) is a second file. Each copy is made in a private temporary directory and
 * deleted as soon as it is loaded, so nothing is left behind even if the JVM is killed; the
 * loaded code stays mapped until the copy is unloaded.
 */
final class PrivateCopies {
    private PrivateCopies() {}

    /**
     * More copies than this are refused: each is a dlopen of its own (glibc's loader slows down
     * with every object it holds, and 100,000 took minutes), and more copies than cores run
     * nothing faster.
     */
    static final int MAX = Math.max(64, 8 * Runtime.getRuntime().availableProcessors());

    /**
     * @param arena the copies' lifetime
     * @throws IllegalArgumentException when {@code instances < 1} or more than {@link #MAX}
     * @throws UncheckedIOException when the copies cannot be made (no temporary directory, no
     *     room), before any is loaded
     */
    static List<NativeAccess.Vouched> load(Path library, int instances, Arena arena) {
        NativeAccess.requireCaller(null, "load private copies of " + library);
        if (instances < 1) {
            throw new IllegalArgumentException("instances must be at least 1, not " + instances);
        }
        if (instances > MAX) {
            throw new IllegalArgumentException(instances + " private copies of " + library
                    + " are more than tvmbind loads (" + MAX + ": 8 per core, at least 64); runs"
                    + " in parallel are bounded by the cores, so open as many copies as threads"
                    + " that call the model at once");
        }
        Libraries.checkFile(library);
        Path original = library.toAbsolutePath();
        Path dir;
        try {
            dir = Files.createTempDirectory(PrivateTempDir.get(), "copies-");
        } catch (IOException | RuntimeException e) {
            throw new UncheckedIOException(new IOException("cannot make a temporary directory for "
                    + instances + " private copies of " + original + " (java.io.tmpdir="
                    + System.getProperty("java.io.tmpdir") + "): " + e, e));
        }
        try {
            checkRoom(original, instances, dir);
            List<NativeAccess.Vouched> copies = new ArrayList<>(instances);
            for (int i = 0; i < instances; i++) {
                Path copy = dir.resolve(i + "-" + original.getFileName());
                try {
                    Files.copy(original, copy);
                    copies.add(Libraries.open(copy, arena, null));
                } catch (IOException e) {
                    throw new UncheckedIOException(new IOException("cannot copy " + original
                            + " to " + copy + " (copy " + (i + 1) + " of " + instances + "): " + e,
                            e));
                } finally {
                    deleteIfExists(copy);
                }
            }
            return copies;
        } finally {
            deleteIfExists(dir);
        }
    }

    /** Refuses before any copy is loaded when the temporary directory's disk cannot hold them all. */
    private static void checkRoom(Path original, int instances, Path dir) {
        try {
            long needed = Files.size(original) * instances;
            long usable = Files.getFileStore(dir).getUsableSpace();
            if (usable < needed) {
                throw new UncheckedIOException(new IOException("no room for " + instances
                        + " private copies of " + original + " in " + dir.getParent() + ": "
                        + needed + " bytes needed, " + usable + " usable"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(new IOException("cannot measure the room for private"
                    + " copies of " + original + " in " + dir.getParent() + ": " + e, e));
        }
    }

    private static void deleteIfExists(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            // Nothing more to do: the file is in a private temporary directory.
        }
    }
}
