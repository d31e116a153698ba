package dev.tvmbind.check.tvm;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Reads the small texts of TVM's output ({@code metadata.json}, headers) as users' files must be
 * read: regular files only, under a size limit checked before reading, strict UTF-8.
 */
final class Texts {
    /** TVM's metadata and headers are kilobytes; a larger file is not TVM's. */
    static final long LIMIT = 16L << 20;

    private Texts() {}

    /** Refuses a link, a FIFO, a device or a directory: only regular files inside the tree. */
    static void requireRegular(Path file, String name) throws UnreadableOutputException {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            String kind = Files.isSymbolicLink(file) ? "a symbolic link"
                    : Files.isDirectory(file) ? "a directory" : "not a regular file (a FIFO or a device)";
            throw new UnreadableOutputException(name + " is " + kind
                    + "; tvmbind reads only regular files inside TVM's output");
        }
    }

    /** A file the user named (its links followed): a regular file under the limit. */
    static String read(Path file) throws UnreadableOutputException {
        if (!Files.isRegularFile(file)) {
            throw new UnreadableOutputException("it is not a regular file (a FIFO, a device or a"
                    + " directory); tvmbind reads only regular files");
        }
        try {
            long size = Files.size(file);
            try (InputStream in = Files.newInputStream(file)) {
                return read(in, size, "it");
            }
        } catch (IOException e) {
            throw new UnreadableOutputException("cannot read it", e);
        }
    }

    /**
     * The beginning of a text that may be long (Relay text holds the whole model), up to
     * {@link #LIMIT} bytes, cut at the last whole line and decoded leniently: what is looked for
     * comes first.
     *
     * @param what how messages name it
     */
    static String prefix(InputStream in, String what) throws IOException {
        byte[] bytes = in.readNBytes((int) LIMIT);
        int end = bytes.length;
        if (bytes.length == LIMIT) {
            while (end > 0 && bytes[end - 1] != '\n') {
                end--;
            }
        }
        return new String(bytes, 0, end, StandardCharsets.UTF_8);
    }

    /**
     * @param size the size the file or tar entry declares, checked before anything is read
     * @param what how messages name it
     */
    static String read(InputStream in, long size, String what) throws IOException,
            UnreadableOutputException {
        if (size > LIMIT) {
            throw new UnreadableOutputException(what + " is " + size + " bytes, more than the "
                    + (LIMIT >> 20) + " MiB a file of TVM's output has");
        }
        byte[] bytes = in.readNBytes((int) LIMIT + 1);
        if (bytes.length > LIMIT) {
            throw new UnreadableOutputException(what + " is more than " + (LIMIT >> 20)
                    + " MiB, more than a file of TVM's output has");
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new UnreadableOutputException(what + " is not UTF-8 text, as TVM writes");
        }
    }
}
