package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code platform/acle/arm_acle.h}'s portable intrinsics against the instructions themselves:
 * a program built with Debian's armhf cross compiler (ARMv7-A, which has the DSP extension) and
 * run under qemu-user compares each with the real one on edge and random values. Skipped, saying
 * why, where the tools are absent; {@code .ci/run} installs them and sets
 * {@code TVMBIND_REQUIRE_ARM}, which makes their absence a failure.
 */
class AcleInstructionsTest {
    private static final String GCC = "arm-linux-gnueabihf-gcc";
    private static final String QEMU = "qemu-arm";

    private static boolean onPath(String tool) {
        return Arrays.stream(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, tool)));
    }

    private static String run(List<String> command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(2, TimeUnit.MINUTES), "timed out: " + command);
        assertEquals(0, process.exitValue(), command + "\n" + output);
        return output;
    }

    @Test
    void everyPortableIntrinsicIsTheInstructionBitForBit() throws Exception {
        boolean tools = onPath(GCC) && onPath(QEMU);
        if (System.getenv("TVMBIND_REQUIRE_ARM") != null) {
            assertTrue(tools, GCC + " and " + QEMU + " are required here (.ci/run installs them)");
        }
        assumeTrue(tools, "no " + GCC + " or " + QEMU + " (Debian: apt-get install"
                + " gcc-arm-linux-gnueabihf qemu-user)");
        Path source = Path.of(System.getProperty("tvmbind.csources"), "armhf", "acle_instructions.c");
        Path program = Path.of(System.getProperty("tvmbind.native"), "acle_instructions");
        Files.createDirectories(program.getParent());
        run(List.of(GCC, "-std=gnu11", "-O2", "-Wall", "-Wextra", "-Werror", "-static",
                "-march=armv7-a+fp", "-marm", "-I",
                Path.of(System.getProperty("tvmbind.platform"), "acle").toString(),
                "-o", program.toString(), source.toString()));
        String output = run(List.of(QEMU, program.toString(), "20000"));
        assertEquals("0 mismatches of 460000 checks\n", output);
    }
}
