package dev.tvmbind.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tvmbind.processor.TvmOutputUnreadableTest.check;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import dev.tvmbind.check.testing.TvmMlf;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * TVM output handed over by a hostile or careless user: FIFOs, devices, links out of the tree,
 * files of gigabytes, structs of thousands of members, bytes that are not UTF-8. Each is one
 * keyed error naming the file and the cause, quickly (each test well under its 10 s), never a
 * hang, a crash or a message that reproduces the file.
 */
@Timeout(10)
class TvmOutputHostileTest {
    @TempDir Path dir;

    private static final JavaFileObject AWW = TvmOutputTest.aww(TvmOutputTest.AWW_INPUT,
            TvmOutputTest.AWW_OUTPUT, TvmOutputTest.AWW_MODEL);
    private static final String UNREADABLE = "[tvmbind:tvm-output-unreadable] cannot read TVM output ";

    private Path fifo(Path path) throws Exception {
        Files.createDirectories(path.getParent());
        Process mkfifo = new ProcessBuilder("mkfifo", path.toString()).start();
        assertEquals(0, mkfifo.waitFor());
        return path;
    }

    private Path sparse(Path path, long size) throws IOException {
        Files.createDirectories(path.getParent());
        try (RandomAccessFile file = new RandomAccessFile(path.toFile(), "rw")) {
            file.setLength(size);
        }
        return path;
    }

    /** A copy of the keyword spotter's tree with {@code metadata.json} as it is. */
    private Path aww() {
        return TvmMlf.copy(TvmMlf.fixture("aww").resolve("mlf"), dir.resolve("aww"));
    }

    private static void oneError(Compilation c, String message) {
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining(message);
    }

    @Test
    void aFifoAsTheHeaderOrTheTarIsRefusedNotOpened() throws Exception {
        Path header = fifo(dir.resolve("tvmgen_default.h"));
        oneError(check(header.toString()), UNREADABLE + header + ": it is not a regular file");
        Path tar = fifo(dir.resolve("model.tar"));
        oneError(check(tar.toString()), UNREADABLE + tar + ": it is not a regular file");
    }

    @Test
    void aFifoInTheTreeIsRefusedNotOpened() throws Exception {
        Path tree = aww();
        Path header = tree.resolve("codegen/host/include/tvmgen_default.h");
        Files.delete(header);
        fifo(header);
        oneError(check(tree.toString()), UNREADABLE + header + ": codegen/host/include/"
                + "tvmgen_default.h is not a regular file (a FIFO or a device); tvmbind reads only"
                + " regular files inside TVM's output");
    }

    @Test
    void aDeviceIsRefused() throws IOException {
        oneError(check("/dev/zero"), UNREADABLE + "/dev/zero: it is not a regular file (a FIFO or a"
                + " device); pass an MLF directory, a tar or a header");
        Path header = Files.createSymbolicLink(dir.resolve("tvmgen_default.h"), Path.of("/dev/zero"));
        oneError(check(header.toString()), UNREADABLE + header + ": it is not a regular file");
    }

    @Test
    void gigabyteFilesAreRefusedBeforeTheyAreRead() throws Exception {
        Path header = sparse(dir.resolve("big/tvmgen_default.h"), 2L << 30);
        oneError(check(header.toString()), UNREADABLE + header + ": it is 2147483648 bytes, more"
                + " than the 16 MiB a file of TVM's output has");
        Path tree = aww();
        Path metadata = tree.resolve("metadata.json");
        Files.delete(metadata);
        sparse(metadata, 2L << 30);
        oneError(check(tree.toString()), UNREADABLE + metadata + ": it is 2147483648 bytes, more"
                + " than the 16 MiB a file of TVM's output has");
    }

    /** A tar entry that claims 2 GiB is refused from its header, before its body is read. */
    @Test
    void aTarEntryOfGigabytesIsRefusedFromItsHeader() throws IOException {
        TarArchiveEntry entry = new TarArchiveEntry("./metadata.json");
        entry.setSize(2L << 30);
        byte[] header = new byte[512];
        entry.writeEntryHeader(header);
        Path tar = dir.resolve("big.tar");
        try (OutputStream out = Files.newOutputStream(tar)) {
            out.write(header);
            out.write(new byte[4096]);
        }
        // Refused by the header, needed or not, before a byte of it is read (TarEntries).
        oneError(check(tar.toString()), UNREADABLE + tar + ": its entry metadata.json is"
                + " 2147483648 bytes, more than the 256 MiB tvmbind reads of one file TVM writes");
    }

    @Test
    void aLinkOutOfTheTreeIsNotFollowed() throws IOException {
        Path tree = aww();
        Path outside = Files.copy(tree.resolve("metadata.json"), dir.resolve("elsewhere.json"));
        Files.delete(tree.resolve("metadata.json"));
        Files.createSymbolicLink(tree.resolve("metadata.json"), outside);
        oneError(check(tree.toString()), UNREADABLE + tree.resolve("metadata.json") + ": "
                + "its metadata.json is a symbolic link to " + outside + "; tvmbind follows no"
                + " link inside TVM's output (copy the files in)");
    }

    @Test
    void aStructOfThousandsOfMembersIsReadWithoutOverflowingTheStack() throws IOException {
        Compilation c = check(header(1_500).toString());
        assertThat(c).failed();
        List<String> messages = c.errors().stream().map(d -> d.getMessage(Locale.ROOT)).toList();
        assertTrue(messages.stream().allMatch(m -> m.startsWith("[tvmbind:tvm-output-")
                && m.length() < 20_000), messages.getFirst());
        // The members the interface lacks are one error, listing the first ten and how many more.
        assertTrue(messages.size() <= 3, messages.size() + " errors: " + messages);
        assertTrue(messages.stream().anyMatch(m -> m.startsWith(
                "[tvmbind:tvm-output-missing-tensor]")
                && m.contains("lacks 1499 of TVM's inputs") && m.contains("declare each at its"
                        + " place, in TVM's order: (member 2) @Input(\"m1\") MemorySegment m1,")
                && m.contains("… and 1489 more")), String.join("\n", messages));
        Path tooMany = header(5_000);
        oneError(check(tooMany.toString()), UNREADABLE + tooMany + ": its struct"
                + " tvmgen_default_inputs has more than 4096 members, far more tensors than a model"
                + " TVM compiles has");
    }

    private Path header(int inputs) throws IOException {
        StringBuilder members = new StringBuilder();
        for (int i = 0; i < inputs; i++) {
            members.append("  void* m").append(i).append(";\n");
        }
        Path folder = Files.createDirectories(dir.resolve("h" + inputs));
        return Files.writeString(folder.resolve("tvmgen_default.h"),
                "struct tvmgen_default_inputs {\n" + members + "};\nstruct tvmgen_default_outputs {\n"
                        + "  void* y;\n};\nint32_t tvmgen_default_run(\n");
    }

    @Test
    void onlyTvmsOwnHeadersAreRead() throws IOException {
        Path tree = aww();
        Path include = tree.resolve("codegen/host/include");
        byte[] junk = new byte[64 << 10];
        for (int i = 0; i < 2_000; i++) {
            Files.write(include.resolve("junk_" + i + ".h"), junk);
        }
        assertThat(TvmOutputTest.check(tree, AWW)).hadErrorCount(0);
    }

    @Test
    void aGzipTarIsReadAsTheTarItHolds() throws IOException {
        Path tar = TvmMlf.tar(TvmMlf.fixture("aww").resolve("mlf"), dir.resolve("aww.tar"));
        Path gz = dir.resolve("aww.tar.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(tar, out);
        }
        assertThat(TvmOutputTest.check(gz, AWW)).succeededWithoutWarnings();
    }

    @Test
    void aHeaderThatIsNotUtf8SaysSo() throws IOException {
        Path header = Files.write(dir.resolve("tvmgen_default.h"), new byte[] {'i', 'n', (byte) 0xff, '\n'});
        oneError(check(header.toString()), UNREADABLE + header + ": it is not UTF-8 text, as TVM writes");
    }

    /** Line breaks and NULs from a file are escaped; a long cause is cut to a line. */
    @Test
    void messagesQuoteAtMostALineEscaped() throws IOException {
        Path tree = Files.createDirectories(dir.resolve("mlf"));
        Files.writeString(tree.resolve("metadata.json"), "{\"modules\": \"" + "x\u0000\n".repeat(400_000)
                + "\"", StandardCharsets.UTF_8);
        Compilation c = check(tree.toString());
        assertThat(c).hadErrorCount(1);
        String message = c.errors().getFirst().getMessage(Locale.ROOT);
        assertTrue(message.length() < 1_000, message.length() + " characters");
        assertFalse(message.contains("\n") || message.contains("\u0000"), message);
        assertEquals(Diagnostic.Kind.ERROR, c.errors().getFirst().getKind());
    }
}
