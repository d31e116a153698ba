package dev.tvmbind.check.tvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.check.testing.TvmMlf;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A tar unpacked for the C compiler: what a build needs, and nothing outside the directory. */
class MlfUnpackerTest {
    @TempDir
    Path dir;

    @Test
    void theKeywordSpottersTarGivesItsCAndHeaders() throws Exception {
        Path tar = TvmMlf.tar(TvmMlf.fixture("aww").resolve("mlf"), dir.resolve("model.tar"));
        Path tree = MlfUnpacker.tree(tar, dir.resolve("unpacked"));
        assertTrue(Files.isRegularFile(tree.resolve("codegen/host/src/default_lib0.c")));
        assertTrue(Files.isRegularFile(tree.resolve("codegen/host/include/tvmgen_default.h")));
        assertTrue(Files.isRegularFile(tree.resolve("metadata.json")));
        assertFalse(Files.exists(tree.resolve("src")), "the Relay text is not needed to build");
        Path directory = TvmMlf.fixture("aww").resolve("mlf");
        assertEquals(directory, MlfUnpacker.tree(directory, dir.resolve("unused")));
    }

    @Test
    void anEntryNamedOutsideTheTreeIsRefusedAndNotWritten() throws IOException {
        Path tar = dir.resolve("evil.tar");
        try (OutputStream out = Files.newOutputStream(tar);
                TarArchiveOutputStream entries = new TarArchiveOutputStream(out)) {
            byte[] text = "int x;\n".getBytes(StandardCharsets.UTF_8);
            TarArchiveEntry entry = new TarArchiveEntry("codegen/../../escaped.c", true);
            entry.setSize(text.length);
            entries.putArchiveEntry(entry);
            entries.write(text);
            entries.closeArchiveEntry();
        }
        UnreadableOutputException e = assertThrows(UnreadableOutputException.class,
                () -> MlfUnpacker.tree(tar, dir.resolve("a/unpacked")));
        // Said once: it was "…TVM wrote: its entry … points outside the tree: its entry …".
        assertEquals("its entry codegen/../../escaped.c points outside the tree", e.getMessage());
        assertFalse(Files.exists(dir.resolve("a/escaped.c")));
        assertFalse(Files.exists(dir.resolve("escaped.c")));
    }
}
