package dev.tvmbind.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.check.testing.TvmMlf;
import dev.tvmbind.contract.Platform;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TVM's real output built by the system's gcc: the keyword spotter from its tar (static memory
 * planning), the sine model from its tree (its C allocates through the platform functions),
 * each exporting TVM's run function; nothing rebuilt when nothing changed; a missing compiler
 * and a broken tar said plainly.
 */
class NativeBuildTest {
    @TempDir
    Path dir;

    private final List<String> said = new ArrayList<>();

    private NativeBuild build(String compiler) {
        return new NativeBuild(compiler, dir.resolve("work"), said::add);
    }

    /** How many C files TVM wrote for the model {@code default} of a fixture. */
    private static long sourceFiles(String fixture) throws Exception {
        try (var files = Files.list(TvmMlf.fixture(fixture).resolve("mlf/codegen/host/src"))) {
            return files.filter(f -> f.getFileName().toString().startsWith("default_lib")).count();
        }
    }

    private static String symbols(Path library) throws Exception {
        Process nm = new ProcessBuilder("nm", "-D", "--defined-only", library.toString())
                .redirectErrorStream(true).start();
        String out = new String(nm.getInputStream().readAllBytes());
        assertEquals(0, nm.waitFor(), out);
        return out;
    }

    @Test
    void theKeywordSpottersTarBuildsOnceThenIsUpToDate() throws Exception {
        Path tar = TvmMlf.tar(TvmMlf.fixture("aww").resolve("mlf"), dir.resolve("model.tar"));
        Path classes = dir.resolve("classes");
        List<Path> built = build("gcc").build(tar, classes);
        Path library = classes.resolve("native/" + Platform.current() + "/libdefault.so");
        assertEquals(List.of(library), built);
        assertTrue(symbols(library).contains(" T tvmgen_default_run"));
        FileTime first = Files.getLastModifiedTime(library);
        assertEquals("tvmbind: built " + library + " from the C TVM generated for tvmgen_default"
                + " in " + tar + " (" + sourceFiles("aww") + " files of codegen/host/src)",
                said.get(0));

        build("gcc").build(tar, classes);
        assertEquals(first, Files.getLastModifiedTime(library), "rebuilt though nothing changed");
        assertTrue(said.get(1).endsWith("libdefault.so is up to date"), said.toString());
    }

    @Test
    void theSineModelGetsThePlatformFunctions() throws Exception {
        Path classes = dir.resolve("classes");
        List<Path> built = build("gcc").build(TvmMlf.fixture("sine").resolve("mlf"), classes);
        String symbols = symbols(built.get(0));
        assertTrue(symbols.contains(" T tvmgen_default_run"), symbols);
        assertTrue(symbols.contains(" T TVMBackendAllocWorkspace"), symbols);
    }

    @Test
    void aMissingCompilerIsSaidWithTheFix() throws Exception {
        Path tar = TvmMlf.tar(TvmMlf.fixture("aww").resolve("mlf"), dir.resolve("model.tar"));
        NativeBuild.Failure e = assertThrows(NativeBuild.Failure.class,
                () -> build("no-such-cc").build(tar, dir.resolve("classes")));
        assertTrue(e.getMessage().startsWith("no C compiler: 'no-such-cc' cannot be run"),
                e.getMessage());
        assertTrue(e.getMessage().contains("name it with CC"), e.getMessage());
    }

    /**
     * A compiler that writes more than a pipe holds, then fails: once its output was read before
     * waiting, which blocks for ever on one that hangs; now it goes to a file, and the failure
     * quotes its last lines.
     */
    @Test
    void aFailingCompilersOutputIsQuotedByItsTail() throws Exception {
        Path cc = Files.writeString(dir.resolve("noisy-cc"), "#!/bin/sh\n"
                + "i=0; while [ $i -lt 5000 ]; do echo \"warning $i: something long enough to fill"
                + " a pipe\"; i=$((i+1)); done\necho 'error: the last line'\nexit 1\n");
        assertTrue(cc.toFile().setExecutable(true));
        Path sine = TvmMlf.fixture("sine").resolve("mlf"); // skips here, not inside assertThrows
        NativeBuild.Failure e = assertThrows(NativeBuild.Failure.class,
                () -> build(cc.toString()).build(sine, dir.resolve("classes")));
        assertTrue(e.getMessage().startsWith("the C compiler failed on TVM's C: " + cc), e.getMessage());
        assertTrue(e.getMessage().endsWith("warning 4999: something long enough to fill a pipe\n"
                + "error: the last line"), e.getMessage());
        assertEquals(65, e.getMessage().lines().count(), "the command and the last 64 lines");
    }

    @Test
    void aTarThatIsNotTvmsIsSaidNamingIt() throws Exception {
        Path tar = Files.writeString(dir.resolve("model.tar"), "not a tar");
        NativeBuild.Failure e = assertThrows(NativeBuild.Failure.class,
                () -> build("gcc").build(tar, dir.resolve("classes")));
        assertTrue(e.getMessage().startsWith("[tvmbind:tvm-output-unreadable] cannot read TVM"
                + " output " + tar), e.getMessage());
    }

    /** A failure, in under 2 s, that leaves nothing built or unpacked. */
    private NativeBuild.Failure refusedQuickly(Path output) throws Exception {
        long start = System.nanoTime();
        NativeBuild.Failure e = assertThrows(NativeBuild.Failure.class,
                () -> build("gcc").build(output, dir.resolve("classes")));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 2_000, "refused after " + millis + " ms: " + e.getMessage());
        assertTrue(e.getMessage().startsWith("[tvmbind:tvm-output-unreadable] cannot read TVM"
                + " output " + output), e.getMessage());
        assertFalse(Files.exists(dir.resolve("classes/native")), "a library was built");
        Path unpacked = dir.resolve("work/mlf");
        assertTrue(!Files.exists(unpacked) || Files.list(unpacked).findAny().isEmpty(),
                "files were left unpacked");
        return e;
    }

    /** Sparse files claim gigabytes they do not hold: once read whole into memory, now refused. */
    @Test
    void oversizedFilesInATreeAreRefusedBeforeTheyAreRead() throws Exception {
        Path tree = TvmMlf.copy(TvmMlf.fixture("sine").resolve("mlf"), dir.resolve("sparse"));
        Path header = tree.resolve("runtime/include/huge.h");
        Files.createDirectories(header.getParent());
        try (RandomAccessFile file = new RandomAccessFile(header.toFile(), "rw")) {
            file.setLength(3L << 30);
        }
        assertTrue(refusedQuickly(tree).getMessage().contains("huge.h is 3221225472 bytes, more"
                + " than the 256 MiB tvmbind reads of one file TVM writes"));
        Files.delete(header);
        Path source = tree.resolve("codegen/host/src/default_lib9.c");
        try (RandomAccessFile file = new RandomAccessFile(source.toFile(), "rw")) {
            file.setLength(2L << 30);
        }
        assertTrue(refusedQuickly(tree).getMessage().contains("codegen/host/src/default_lib9.c is"
                + " 2147483648 bytes"));
    }

    /** A small .tar.gz that unpacks to far more than TVM writes: refused by its entry's header. */
    @Test
    void aCompressedBombIsRefusedBeforeAnythingIsWritten() throws Exception {
        Path bomb = dir.resolve("model.tar.gz");
        long size = 300L << 20;
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(bomb), 1 << 16);
                TarArchiveOutputStream tar = new TarArchiveOutputStream(out)) {
            for (String name : List.of("./metadata.json", "./codegen/host/src/default_lib0.c")) {
                byte[] text = Files.readAllBytes(TvmMlf.fixture("sine").resolve("mlf")
                        .resolve(name.equals("./metadata.json") ? "metadata.json"
                                : "codegen/host/src/default_lib0.c"));
                TarArchiveEntry entry = new TarArchiveEntry(name);
                entry.setSize(name.endsWith(".c") ? size : text.length);
                tar.putArchiveEntry(entry);
                if (name.endsWith(".c")) {
                    byte[] zeros = new byte[1 << 20];
                    for (long written = 0; written < size; written += zeros.length) {
                        tar.write(zeros);
                    }
                } else {
                    tar.write(text);
                }
                tar.closeArchiveEntry();
            }
        }
        assertTrue(Files.size(bomb) < (2 << 20), "a small file: " + Files.size(bomb));
        assertTrue(refusedQuickly(bomb).getMessage().contains("its entry codegen/host/src/"
                + "default_lib0.c is 314572800 bytes"));
    }
}
