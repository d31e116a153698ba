package dev.tvmbind.check.tvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.check.Finding;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code .so} a user hands the build is read as bad input may be: a library of neither kind,
 * a truncated one, one whose header points past its end, one of another byte order, a FIFO
 * named in {@code -Atvmbind.tvmOutput} — each one keyed error, at once, nothing loaded.
 */
class SharedLibraryKindTest {
    @TempDir
    Path dir;

    /** The JDK's own {@code libjava.so}: an ELF shared library with no tvm-ffi symbol. */
    private static Path jdkLibrary() {
        return Path.of(System.getProperty("java.home"), "lib", "libjava.so");
    }

    @Test
    void aLibraryOfNeitherKindAndFilesThatAreNoLibrary() throws Exception {
        assertEquals(SharedLibraryKind.NEITHER, SharedLibraryKind.of(jdkLibrary()));
        assertEquals(java.util.List.of(), SharedLibraryKind.ffiFunctions(jdkLibrary()));
        Path text = Files.writeString(dir.resolve("model.so"), "not a library");
        assertFalse(SharedLibraryKind.isElf(text));
        assertEquals("it is not an ELF file (a shared library)", assertThrows(
                UnreadableOutputException.class, () -> SharedLibraryKind.of(text)).getMessage());
        assertFalse(SharedLibraryKind.isElf(Files.write(dir.resolve("empty.so"), new byte[0])));
    }

    @Test
    void damagedHeadersAreRefusedBeforeAnythingIsRead() throws Exception {
        byte[] whole = Files.readAllBytes(jdkLibrary());
        Path truncated = Files.write(dir.resolve("truncated.so"), Arrays.copyOf(whole, 4096));
        assertTrue(SharedLibraryKind.isElf(truncated));
        assertTrue(assertThrows(UnreadableOutputException.class,
                () -> SharedLibraryKind.of(truncated)).getMessage().startsWith(
                        "it ends before the table at offset "), "truncated");
        byte[] far = whole.clone();
        ByteBuffer.wrap(far).order(ByteOrder.LITTLE_ENDIAN).putLong(0x28, Long.MAX_VALUE - 10);
        Path pointsAway = Files.write(dir.resolve("far.so"), far);
        assertTrue(assertThrows(UnreadableOutputException.class,
                () -> SharedLibraryKind.of(pointsAway)).getMessage().contains("truncated or not"
                        + " a library"), "a section table past the end");
        byte[] big = whole.clone();
        big[5] = 2;
        Path bigEndian = Files.write(dir.resolve("big.so"), big);
        assertEquals("it is not a 64-bit little-endian ELF file", assertThrows(
                UnreadableOutputException.class, () -> SharedLibraryKind.of(bigEndian))
                        .getMessage());
        Path header = Files.write(dir.resolve("header.so"), Arrays.copyOf(whole, 10));
        assertThrows(UnreadableOutputException.class, () -> SharedLibraryKind.of(header));
    }

    @Test
    void aFifoAmongTheOutputsIsOneKeyedErrorAtOnce() throws Exception {
        Path fifo = dir.resolve("model.so");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        long start = System.nanoTime();
        TvmOutputReader.Result read = TvmOutputReader.read(fifo.toString());
        assertTrue(System.nanoTime() - start < Duration.ofSeconds(5).toNanos());
        assertEquals(1, read.problems().size());
        Finding problem = read.problems().get(0);
        assertTrue(problem.text().startsWith("[tvmbind:tvm-output-unreadable] cannot read TVM"
                + " output"), problem.text());
        assertTrue(read.libraries().isEmpty());
    }
}
