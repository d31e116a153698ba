package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.check.testing.TvmFfi;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SPEC §13's JVM trap: {@code libtvm_ffi} built with its defaults (as its wheels are) installs a
 * SIGSEGV handler from a library constructor, and HotSpot takes SIGSEGV for its implicit null
 * checks. A plain FFM program that loads it dies on its first one; the same program that loads
 * it through tvmbind lives, and is told what tvmbind put back.
 */
class SignalsTest {
    @TempDir Path dir;

    @Test
    void aDefaultLibtvmFfiEndsAPlainFfmProgramButNotOneThatLoadsItThroughTvmbind() throws Exception {
        Path library = TvmFfi.library();
        ChildJvm.javacClassPath(Path.of("src/test/modules/signals"), dir, null,
                System.getProperty("java.class.path"));

        Result plain = run("ffm", library);
        // 128 + SIGSEGV: tvm-ffi's handler prints its banner and raises the signal again.
        assertEquals(139, plain.exit(), plain.output());
        assertTrue(plain.output().contains("!!!!!!! Segfault encountered !!!!!!!"), plain.output());

        Result guarded = run("tvmbind", library);
        assertEquals(0, guarded.exit(), guarded.output());
        assertTrue(guarded.output().contains("alive after 50000 null checks"), guarded.output());
        assertTrue(guarded.output().contains("loading " + library.toAbsolutePath()
                + " replaced the JVM's handler of SIGSEGV; tvmbind put the JVM's back"),
                guarded.output());
    }

    private record Result(int exit, String output) {}

    private Result run(String mode, Path library) throws Exception {
        Process process = new ProcessBuilder(ChildJvm.java(), "--enable-native-access=ALL-UNNAMED",
                "-XX:CompileCommand=quiet", "-XX:CompileCommand=dontinline,NullChecks::length",
                "-cp", dir + File.pathSeparator + System.getProperty("java.class.path"),
                "NullChecks", mode, library.toString())
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(2, TimeUnit.MINUTES), "finished");
        return new Result(process.exitValue(), output);
    }
}
