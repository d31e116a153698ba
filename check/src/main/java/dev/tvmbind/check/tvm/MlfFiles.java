package dev.tvmbind.check.tvm;

import dev.tvmbind.contract.CNames;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

/**
 * The files of a Model Library Format tree that tvmbind reads ({@code metadata.json} and TVM's
 * headers in {@code codegen/host/include/}), from a directory or from the tar TVM exports (plain
 * or gzip-compressed), by their path inside the tree; and what the generated C in
 * {@code codegen/host/src/} says about reentrancy, scanned as it streams by.
 *
 * <p>Users hand us these files, so they are read defensively: regular files inside the tree only
 * (no links out of it, no FIFOs or devices that would block javac), texts under a size limit,
 * TVM's own headers ({@code tvmgen_*.h}) only.
 */
final class MlfFiles {
    static final String METADATA = "metadata.json";
    static final String INCLUDE = "codegen/host/include/";
    static final String SOURCES = "codegen/host/src/";
    static final String RELAY_FOLDER = "src/";
    /** TVM names every header it generates so (PrefixGeneratedName). */
    private static final String TVM_HEADER = CNames.DEFAULT_PREFIX + "_";
    /** All headers a tar may hold together: far more than TVM writes, far less than memory. */
    private static final long HEADERS_LIMIT = 64L << 20;

    /** The texts of a tree, read on demand (a directory) or as the tar went by. */
    interface Tree {
        /** The text at {@code path} inside the tree, if there is such a file. */
        Optional<String> text(String path) throws UnreadableOutputException;

        /** What each generated C source holds, by path inside the tree. */
        Map<String, CSourceScanner.Facts> sources();
    }

    private MlfFiles() {}

    static Tree fromDirectory(Path dir) throws UnreadableOutputException {
        Map<String, CSourceScanner.Facts> sources = new TreeMap<>();
        requireNoLink(dir, SOURCES);
        requireNoLink(dir, INCLUDE);
        Path src = dir.resolve(SOURCES);
        if (Files.isDirectory(src, LinkOption.NOFOLLOW_LINKS)) {
            long total = 0;
            try (DirectoryStream<Path> generated = Files.newDirectoryStream(src, "*.c")) {
                for (Path source : generated) {
                    String name = SOURCES + source.getFileName();
                    Texts.requireRegular(source, name);
                    if (sources.size() >= MlfLimits.ENTRIES) {
                        throw new UnreadableOutputException(SOURCES + " holds more than "
                                + MlfLimits.ENTRIES + " C files, far more than TVM writes for a"
                                + " model");
                    }
                    total += Files.size(source);
                    MlfLimits.check(name, Files.size(source), total);
                    try (InputStream in = Files.newInputStream(source, LinkOption.NOFOLLOW_LINKS)) {
                        sources.put(name, CSourceScanner.scan(in));
                    }
                }
            } catch (IOException | RuntimeException e) {
                throw new UnreadableOutputException("cannot read " + SOURCES, e);
            }
        }
        return new Tree() {
            @Override
            public Optional<String> text(String path) throws UnreadableOutputException {
                requireNoLink(dir, path);
                Path file = dir.resolve(path);
                if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                    return Optional.empty();
                }
                Texts.requireRegular(file, path);
                if (isRelay(path)) {
                    try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
                        return Optional.of(Texts.prefix(in, path));
                    } catch (IOException e) {
                        throw new UnreadableOutputException("cannot read " + path, e);
                    }
                }
                return Optional.of(Texts.read(file));
            }

            @Override
            public Map<String, CSourceScanner.Facts> sources() {
                return sources;
            }
        };
    }

    static Tree fromTar(Path tar) throws UnreadableOutputException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(tar))) {
            return fromTar(in);
        } catch (IOException e) {
            throw new UnreadableOutputException("it is not a tar archive TVM wrote", e);
        }
    }

    /** The tree of the tar {@code in} holds (gzip-compressed or not; {@code in} supports mark). */
    static Tree fromTar(InputStream in) throws UnreadableOutputException {
        Map<String, String> files = new TreeMap<>();
        Map<String, CSourceScanner.Facts> sources = new TreeMap<>();
        long headerBytes = 0;
        TarEntries admitted = new TarEntries();
        try (TarArchiveInputStream entries = new TarArchiveInputStream(decompressed(in))) {
            boolean any = false;
            for (TarArchiveEntry entry = entries.getNextEntry(); entry != null;
                    entry = entries.getNextEntry()) {
                any = true;
                String name = admitted.admit(entry);
                if (!entry.isFile()) {
                    continue;
                }
                if (isRelay(name)) {
                    // Main's signature comes first: a prefix is all that is read of large texts.
                    files.put(name, Texts.prefix(entries, "its entry " + name));
                } else if (name.equals(METADATA) || isHeader(name)) {
                    headerBytes += isHeader(name) ? entry.getSize() : 0;
                    if (headerBytes > HEADERS_LIMIT) {
                        throw new UnreadableOutputException("its headers " + INCLUDE + TVM_HEADER
                                + "*.h hold more than " + (HEADERS_LIMIT >> 20) + " MiB together,"
                                + " far more than TVM writes");
                    }
                    files.put(name, Texts.read(entries, entry.getSize(), "its entry " + name));
                } else if (isIn(SOURCES, name, ".c")) {
                    MlfLimits.check("its entry " + name, entry.getSize());
                    sources.put(name, CSourceScanner.scan(entries));
                }
            }
            if (!any) {
                throw new UnreadableOutputException("it is not a tar archive (no entries)");
            }
        } catch (IOException | RuntimeException e) {
            throw new UnreadableOutputException("it is not a tar archive TVM wrote", e);
        }
        return new Tree() {
            @Override
            public Optional<String> text(String path) {
                return Optional.ofNullable(files.get(path));
            }

            @Override
            public Map<String, CSourceScanner.Facts> sources() {
                return sources;
            }
        };
    }

    /**
     * Refuses a symbolic link on the way to {@code path} inside the tree (the file itself
     * included): tvmbind follows none, so that what it reads, scans and builds is inside the
     * tree, and skips none, so that a linked {@code codegen/host/src} is not taken for a tree
     * without C.
     *
     * @param path a path inside the tree, {@code /}-separated
     */
    static void requireNoLink(Path dir, String path) throws UnreadableOutputException {
        Path walked = dir;
        StringBuilder inside = new StringBuilder();
        for (String part : path.split("/")) {
            if (part.isEmpty()) {
                continue;
            }
            walked = walked.resolve(part);
            inside.append(inside.length() == 0 ? "" : "/").append(part);
            if (Files.isSymbolicLink(walked)) {
                throw linked(inside.toString(), walked);
            }
        }
    }

    /**
     * Refuses a symbolic link anywhere among what a build of TVM's C reads of the tree
     * ({@code metadata.json}, {@code codegen/}, {@code runtime/include/}), as the tar's entries
     * are.
     */
    static void requireNoLinks(Path dir) throws UnreadableOutputException {
        int seen = 0;
        for (String top : new String[] {METADATA, "codegen", "runtime/include"}) {
            requireNoLink(dir, top);
            Path start = dir.resolve(top);
            if (!Files.isDirectory(start, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            try (java.util.stream.Stream<Path> files = Files.walk(start)) {
                for (Path file : (Iterable<Path>) files::iterator) {
                    if (++seen > MlfLimits.ENTRIES) {
                        throw new UnreadableOutputException("it holds more than "
                                + MlfLimits.ENTRIES + " files, far more than TVM writes for a"
                                + " model");
                    }
                    if (Files.isSymbolicLink(file)) {
                        throw linked(dir.relativize(file).toString().replace('\\', '/'), file);
                    }
                }
            } catch (IOException | RuntimeException e) {
                throw new UnreadableOutputException("cannot read " + top, e);
            }
        }
    }

    private static UnreadableOutputException linked(String inside, Path link) {
        String target;
        try {
            target = " to " + Files.readSymbolicLink(link);
        } catch (IOException | RuntimeException e) {
            target = "";
        }
        return new UnreadableOutputException("its " + inside + " is a symbolic link" + target
                + "; tvmbind follows no link inside TVM's output (copy the files in)");
    }

    /** A gzip-compressed tar ({@code .tar.gz}) is read as the tar it holds. */
    static InputStream decompressed(InputStream in) throws IOException {
        in.mark(2);
        int first = in.read();
        int second = in.read();
        in.reset();
        return first == 0x1f && second == 0x8b ? new GzipCompressorInputStream(in) : in;
    }

    /** TVM's Relay text: {@code src/<model>.relay}, or {@code src/relay.txt} before 0.13. */
    static boolean isRelay(String name) {
        return isIn(RELAY_FOLDER, name, ".relay") || name.equals(RELAY_FOLDER + "relay.txt");
    }

    private static boolean isHeader(String name) {
        return isIn(INCLUDE, name, ".h") && name.startsWith(TVM_HEADER, INCLUDE.length());
    }

    private static boolean isIn(String folder, String name, String extension) {
        return name.startsWith(folder) && name.endsWith(extension)
                && name.indexOf('/', folder.length()) < 0;
    }
}
