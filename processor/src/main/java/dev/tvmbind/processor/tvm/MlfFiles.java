package dev.tvmbind.processor.tvm;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;

/**
 * The files of a Model Library Format tree that tvmbind reads ({@code metadata.json} and the
 * headers in {@code codegen/host/include/}), from a directory or from the tar TVM exports, by
 * their path inside the tree; and what the generated C in {@code codegen/host/src/} says about
 * reentrancy, scanned as it streams by.
 */
final class MlfFiles {
    static final String METADATA = "metadata.json";
    static final String INCLUDE = "codegen/host/include/";
    static final String SOURCES = "codegen/host/src/";

    /**
     * @param texts {@code metadata.json} and the headers, by path inside the tree
     * @param sources what each generated C source holds, by path inside the tree
     */
    record Tree(Map<String, String> texts, Map<String, CSourceScanner.Facts> sources) {}

    private MlfFiles() {}

    static Tree fromDirectory(Path dir) throws UnreadableOutputException {
        Map<String, String> files = new TreeMap<>();
        Map<String, CSourceScanner.Facts> sources = new TreeMap<>();
        try {
            Path metadata = dir.resolve(METADATA);
            if (Files.isRegularFile(metadata)) {
                files.put(METADATA, Files.readString(metadata, StandardCharsets.UTF_8));
            }
            Path include = dir.resolve(INCLUDE);
            if (Files.isDirectory(include)) {
                try (DirectoryStream<Path> headers = Files.newDirectoryStream(include, "*.h")) {
                    for (Path header : headers) {
                        files.put(INCLUDE + header.getFileName(),
                                Files.readString(header, StandardCharsets.UTF_8));
                    }
                }
            }
            Path src = dir.resolve(SOURCES);
            if (Files.isDirectory(src)) {
                try (DirectoryStream<Path> generated = Files.newDirectoryStream(src, "*.c")) {
                    for (Path source : generated) {
                        try (InputStream in = Files.newInputStream(source)) {
                            sources.put(SOURCES + source.getFileName(), CSourceScanner.scan(in));
                        }
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new UnreadableOutputException("cannot read it", e);
        }
        return new Tree(files, sources);
    }

    static Tree fromTar(Path tar) throws UnreadableOutputException {
        Map<String, String> files = new TreeMap<>();
        Map<String, CSourceScanner.Facts> sources = new TreeMap<>();
        try (InputStream in = Files.newInputStream(tar);
                TarArchiveInputStream entries = new TarArchiveInputStream(in)) {
            boolean any = false;
            for (TarArchiveEntry entry = entries.getNextEntry(); entry != null;
                    entry = entries.getNextEntry()) {
                any = true;
                String name = entry.getName().startsWith("./") ? entry.getName().substring(2)
                        : entry.getName();
                boolean wanted = name.equals(METADATA) || name.startsWith(INCLUDE)
                        && name.endsWith(".h") && name.indexOf('/', INCLUDE.length()) < 0;
                if (entry.isFile() && wanted) {
                    files.put(name, new String(entries.readAllBytes(), StandardCharsets.UTF_8));
                } else if (entry.isFile() && isSource(name)) {
                    sources.put(name, CSourceScanner.scan(entries));
                }
            }
            if (!any) {
                throw new UnreadableOutputException("it is not a tar archive (no entries)");
            }
        } catch (IOException | RuntimeException e) {
            throw new UnreadableOutputException("it is not a tar archive TVM wrote", e);
        }
        return new Tree(files, sources);
    }

    private static boolean isSource(String name) {
        return name.startsWith(SOURCES) && name.endsWith(".c")
                && name.indexOf('/', SOURCES.length()) < 0;
    }
}
