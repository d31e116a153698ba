package dev.tvmbind.runtime.internal;

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
public final class PrivateCopies {
    private PrivateCopies() {}

    /**
     * More copies than this are refused: each is a dlopen of its own (glibc's loader slows down
     * with every object it holds, and 100,000 took minutes), and more copies than cores run
     * nothing faster.
     */
    public static final int MAX = Math.max(64, 8 * Runtime.getRuntime().availableProcessors());

    /**
     * Loads copies of a library the caller chose.
     *
     * @param library the library's file
     * @param instances how many copies
     * @param arena the copies' lifetime
     * @return the copies' symbols
     * @throws IllegalCallerException when the caller's module has no native access
     * @throws IllegalArgumentException when {@code instances < 1} or more than {@link #MAX}
     * @throws UncheckedIOException when the copies cannot be made (no temporary directory, no
     *     room), before any is loaded
     */
    public static List<NativeAccess.Vouched> load(Path library, int instances, Arena arena) {
        NativeAccess.requireCaller(null, "load private copies of " + library);
        return copies(library, instances, arena);
    }

    /**
     * Loads more copies of a library that code with native access chose before: what
     * {@link Libraries#open} returned for it.
     *
     * @param original the library as opened then
     * @param instances how many copies
     * @param arena the copies' lifetime
     * @return the copies' symbols
     */
    public static List<NativeAccess.Vouched> loadAgain(NativeAccess.Vouched original,
            int instances, Arena arena) {
        return copies(original.file(), instances, arena);
    }

    private static List<NativeAccess.Vouched> copies(Path library, int instances, Arena arena) {
        if (instances < 1) {
            throw new IllegalArgumentException("instances must be at least 1, not " + instances);
        }
        if (instances > MAX) {
            throw new IllegalArgumentException(instances + " private copies of " + library
                    + " are more than tvmbind loads (" + MAX + ": 8 per core, at least 64); runs"
                    + " in parallel are bounded by the cores, so open as many copies as threads"
                    + " that call the model at once");
        }
        // What can be said of the file is said of the user's file, before any copy is made.
        Libraries.checkLoadable(library);
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
                    copies.add(Libraries.openCopy(copy, original, arena));
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
