package dev.tvmbind.check.tvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every input bounded, one verdict: a hostile tar or tree is refused by its headers and names,
 * before the work it would cost is done (the bytes and entries the reader consumed are counted),
 * and the reader of TVM's output (javac, {@code describe}, {@code check}) and the unpacker of
 * {@code native} refuse it with the same words.
 */
class TvmOutputBoundsTest {
    @TempDir Path dir;

    @Test
    void anEntryOfGigabytesIsRefusedByItsHeaderBeforeItIsInflated() throws Exception {
        ByteArrayOutputStream tar = new ByteArrayOutputStream();
        tar.write(header("junk.bin", 4L << 30, '0'));
        tar.write(new byte[1 << 20]); // what follows is never read: the header decides
        byte[] gzipped = gzip(tar.toByteArray());
        Counting in = new Counting(gzipped);
        UnreadableOutputException e = assertThrows(UnreadableOutputException.class,
                () -> MlfFiles.fromTar(new java.io.BufferedInputStream(in)));
        assertEquals("its entry junk.bin is 4294967296 bytes, more than the 256 MiB tvmbind reads"
                + " of one file TVM writes", e.getMessage());
        assertTrue(in.read < 16 << 10, in.read + " compressed bytes read");
        assertSameVerdict(write("huge.tar.gz", gzipped), e.getMessage());
    }

    @Test
    void aTarOfTooManyEntriesIsRefusedAtTheBound() throws Exception {
        byte[] tar = tar(entries -> {
            for (int i = 0; i <= MlfLimits.ENTRIES; i++) {
                put(entries, "codegen/host/src/f" + i + ".txt", "");
            }
        });
        Counting in = new Counting(tar);
        UnreadableOutputException e = assertThrows(UnreadableOutputException.class,
                () -> MlfFiles.fromTar(new java.io.BufferedInputStream(in)));
        assertEquals("it has more than 10000 entries, far more files than TVM writes for a model",
                e.getMessage());
        assertTrue(in.read <= (MlfLimits.ENTRIES + 1) * 512L + (64 << 10), in.read + " bytes read");
        assertSameVerdict(write("many.tar", tar), e.getMessage());
    }

    @Test
    void traversalAndLinkEntriesAreOneVerdictForEveryTool() throws Exception {
        assertSameVerdict(write("up.tar", tar(entries -> put(entries, "codegen/../../x.c",
                "int x;\n"))), "its entry codegen/../../x.c points outside the tree");
        assertSameVerdict(write("symlink.tar", tar(entries -> link(entries, "codegen/host/src",
                "/etc", TarArchiveEntry.LF_SYMLINK))), "its entry codegen/host/src is a symbolic"
                + " link to /etc; TVM's output holds regular files and folders only");
        assertSameVerdict(write("hardlink.tar", tar(entries -> link(entries, "metadata.json",
                "/etc/passwd", TarArchiveEntry.LF_LINK))), "its entry metadata.json is a hard link"
                + " to /etc/passwd; TVM's output holds regular files and folders only");
    }

    @Test
    void aLinkedSourceOrIncludeFolderIsRefusedNeverSkipped() throws Exception {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.writeString(outside.resolve("default_lib0.c"), "static uint8_t workspace[64];\n");
        for (String folder : List.of("src", "include")) {
            Path tree = Files.createDirectories(dir.resolve(folder + "-tree/codegen/host"));
            Files.writeString(tree.getParent().getParent().resolve("metadata.json"), "{}");
            Files.createSymbolicLink(tree.resolve(folder), outside);
            Path root = tree.getParent().getParent();
            String expected = "its codegen/host/" + folder + " is a symbolic link to " + outside
                    + "; tvmbind follows no link inside TVM's output (copy the files in)";
            UnreadableOutputException e = assertThrows(UnreadableOutputException.class,
                    () -> MlfFiles.fromDirectory(root));
            assertEquals(expected, e.getMessage());
            UnreadableOutputException unpacked = assertThrows(UnreadableOutputException.class,
                    () -> MlfUnpacker.tree(root, dir.resolve("unused")));
            assertEquals(expected, unpacked.getMessage());
            assertTrue(read(root).contains(expected), read(root));
        }
    }

    @Test
    void aTreeOfTooManyCFilesIsRefusedAtTheBound() throws Exception {
        Path src = Files.createDirectories(dir.resolve("many/codegen/host/src"));
        for (int i = 0; i <= MlfLimits.ENTRIES; i++) {
            Files.createFile(src.resolve("f" + i + ".c"));
        }
        UnreadableOutputException e = assertThrows(UnreadableOutputException.class,
                () -> MlfFiles.fromDirectory(dir.resolve("many")));
        assertEquals("codegen/host/src/ holds more than 10000 C files, far more than TVM writes"
                + " for a model", e.getMessage());
    }

    @Test
    void aModuleNameThatLeadsOutOfTheFolderIsRefused() throws Exception {
        for (String name : List.of("../../etc/x", "a/b", "a\\\\b", "x\\u0000y")) {
            Path tree = Files.createDirectories(dir.resolve("m" + name.hashCode()));
            Files.writeString(tree.resolve("metadata.json"), "{\"modules\": {\"" + name
                    + "\": {}}}");
            String problems = read(tree);
            assertTrue(problems.contains("[tvmbind:tvm-output-unreadable]")
                    && problems.contains("which no name TVM gives a module has: it would name a"
                            + " file outside the folder"), problems);
        }
    }

    /** The reader's one problem names {@code cause}; the unpacker throws it. */
    private void assertSameVerdict(Path tar, String cause) throws IOException {
        String problems = read(tar);
        assertTrue(problems.startsWith("[tvmbind:tvm-output-unreadable]")
                && problems.endsWith(cause), problems);
        Path unpacked = dir.resolve("unpacked-" + tar.getFileName());
        UnreadableOutputException e = assertThrows(UnreadableOutputException.class,
                () -> MlfUnpacker.tree(tar, unpacked));
        assertEquals(cause, e.getMessage());
        assertFalse(Files.exists(unpacked.resolve("codegen")), "nothing is left unpacked");
    }

    private static String read(Path output) {
        List<String> texts = TvmOutputReader.read(output.toString()).problems().stream()
                .map(f -> f.text()).toList();
        assertEquals(1, texts.size(), texts.toString());
        return texts.get(0);
    }

    private Path write(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    private interface Entries {
        void write(TarArchiveOutputStream entries) throws IOException;
    }

    private static byte[] tar(Entries write) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (TarArchiveOutputStream entries = new TarArchiveOutputStream(bytes)) {
            write.write(entries);
        }
        return bytes.toByteArray();
    }

    private static void put(TarArchiveOutputStream entries, String name, String text)
            throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        TarArchiveEntry entry = new TarArchiveEntry(name, true);
        entry.setSize(bytes.length);
        entries.putArchiveEntry(entry);
        entries.write(bytes);
        entries.closeArchiveEntry();
    }

    private static void link(TarArchiveOutputStream entries, String name, String target, byte kind)
            throws IOException {
        TarArchiveEntry entry = new TarArchiveEntry(name, kind, true);
        entry.setLinkName(target);
        entries.putArchiveEntry(entry);
        entries.closeArchiveEntry();
    }

    /** A ustar header as written by hand: the size field may say what no stream follows. */
    private static byte[] header(String name, long size, char type) {
        byte[] header = new byte[512];
        put(header, 0, name);
        put(header, 100, "0000644");
        put(header, 108, "0000000");
        put(header, 116, "0000000");
        put(header, 124, String.format("%011o", size));
        put(header, 136, "00000000000");
        header[156] = (byte) type;
        put(header, 257, "ustar");
        put(header, 263, "00");
        java.util.Arrays.fill(header, 148, 156, (byte) ' ');
        int sum = 0;
        for (byte b : header) {
            sum += b & 0xff;
        }
        put(header, 148, String.format("%06o", sum));
        header[154] = 0;
        return header;
    }

    private static void put(byte[] header, int at, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(bytes, 0, header, at, bytes.length);
    }

    private static byte[] gzip(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OutputStream gz = new GZIPOutputStream(out)) {
            gz.write(bytes);
        }
        return out.toByteArray();
    }

    /** Counts the bytes read through it. */
    private static final class Counting extends FilterInputStream {
        long read;

        Counting(byte[] bytes) {
            super(new ByteArrayInputStream(bytes));
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            read += b < 0 ? 0 : 1;
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            read += Math.max(n, 0);
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = super.skip(n);
            read += skipped;
            return skipped;
        }
    }
}
