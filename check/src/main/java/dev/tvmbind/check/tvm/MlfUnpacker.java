package dev.tvmbind.check.tvm;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;

/**
 * A TVM output as files a C compiler reads: an MLF directory as it is, a tar unpacked. Only
 * what a build of TVM's C needs is unpacked ({@code metadata.json}, {@code codegen/},
 * {@code runtime/include/}), only regular files, and never outside the directory given: a tar
 * is a user's file, whose names may say {@code ../} or {@code /}.
 */
public final class MlfUnpacker {
    private MlfUnpacker() {}

    /**
     * The output's tree.
     *
     * @param output an MLF directory, or a tar of one (gzip-compressed or not)
     * @param dir where a tar is unpacked; emptied first
     * @return {@code output} for a directory, else {@code dir}
     * @throws UnreadableOutputException saying what is wrong with the output
     */
    public static Path tree(Path output, Path dir) throws UnreadableOutputException {
        if (Files.isDirectory(output)) {
            MlfFiles.requireNoLinks(output);
            return output;
        }
        if (!Files.isRegularFile(output)) {
            throw new UnreadableOutputException("no such MLF directory or tar");
        }
        try {
            clear(dir);
            Files.createDirectories(dir);
            unpack(output, dir.toRealPath());
            return dir;
        } catch (UnreadableOutputException e) {
            clearQuietly(dir);
            throw e;
        } catch (IOException | RuntimeException e) {
            clearQuietly(dir);
            throw new UnreadableOutputException("it is not a tar archive TVM wrote", e);
        }
    }

    private static void unpack(Path tar, Path dir) throws IOException, UnreadableOutputException {
        TarEntries admitted = new TarEntries();
        try (InputStream in = new BufferedInputStream(Files.newInputStream(tar));
                TarArchiveInputStream entries = new TarArchiveInputStream(MlfFiles.decompressed(in))) {
            for (TarArchiveEntry entry = entries.getNextEntry(); entry != null;
                    entry = entries.getNextEntry()) {
                String name = admitted.admit(entry);
                boolean needed = name.equals(MlfFiles.METADATA) || name.startsWith("codegen/")
                        || name.startsWith("runtime/include/");
                if (!entry.isFile() || !needed) {
                    continue;
                }
                Path target = dir.resolve(name).normalize();
                if (!target.startsWith(dir)) {
                    throw new UnreadableOutputException("its entry " + name
                            + " points outside the tree");
                }
                Files.createDirectories(target.getParent());
                Files.copy(entries, target, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /** What a refused tar left half unpacked goes; what cannot be deleted waits for the next build. */
    private static void clearQuietly(Path dir) {
        try {
            clear(dir);
        } catch (IOException e) {
            // The next build empties the directory first.
        }
    }

    private static void clear(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }
}
