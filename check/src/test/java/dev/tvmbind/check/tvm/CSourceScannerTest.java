package dev.tvmbind.check.tvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What the scan of TVM's generated C finds, in the shapes TVM's releases write. */
class CSourceScannerTest {
    private static CSourceScanner.Facts scan(String source) throws IOException {
        return CSourceScanner.scan(new ByteArrayInputStream(source.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void usmpsGlobalWorkspaceIsAWritableStaticArray() throws IOException {
        assertEquals(Optional.of("global_workspace"),
                scan("#include <stdint.h>\nstatic uint8_t global_workspace[56192];\n").staticArray());
        assertEquals(Optional.of("global_workspace"), scan("static uint8_t __attribute__((section("
                + "\".bss.noinit.tvm\"), aligned(16))) global_workspace[1216];").staticArray());
    }

    @Test
    void constantPoolsAndFunctionsAreNot() throws IOException {
        CSourceScanner.Facts facts = scan("""
                static const float __attribute__((section(".rodata.tvm"), aligned(16))) constant_5[1] = {
                  0x1.5p-3
                };
                static int32_t tvmgen_default_fused_add(float* p0, float* T_add) {
                  float buffer[16];
                  return 0;
                }
                """);
        assertEquals(Optional.empty(), facts.staticArray());
        assertFalse(facts.allocatesWorkspace());
    }

    @Test
    void callsOfTheWorkspaceAllocatorAreFound() throws IOException {
        CSourceScanner.Facts facts = scan(
                "  void* sid_6 = TVMBackendAllocWorkspace(1, 0, (uint64_t)64, 0, 8);\n");
        assertTrue(facts.allocatesWorkspace());
        assertEquals(Optional.empty(), facts.staticArray());
    }

    /** Megabytes of constants on one line, as TVM writes weights: read as a stream, quickly. */
    @Test
    void aHugeLineIsStreamedNotHeld() {
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            InputStream huge = new InputStream() {
                private long left = 200L << 20;

                @Override
                public int read() {
                    return left-- > 0 ? 'a' : -1;
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    if (left <= 0) {
                        return -1;
                    }
                    int n = (int) Math.min(len, left);
                    java.util.Arrays.fill(b, off, off + n, (byte) '[');
                    left -= n;
                    return n;
                }
            };
            InputStream tail = new ByteArrayInputStream("\nstatic uint8_t w[4];\n".getBytes(
                    StandardCharsets.UTF_8));
            assertEquals(Optional.of("w"),
                    CSourceScanner.scan(new SequenceInputStream(huge, tail)).staticArray());
        });
    }
}
