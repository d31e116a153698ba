package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.check.testing.TvmFfi;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
        // What was put back is said at DEBUG: nothing on stderr by default.
        assertFalse(guarded.output().contains("tvmbind"), guarded.output());
        Path logging = Files.writeString(dir.resolve("logging.properties"), String.join("\n",
                "handlers=java.util.logging.ConsoleHandler",
                "java.util.logging.ConsoleHandler.level=ALL", "dev.tvmbind.level=ALL", ""));
        Result told = run("tvmbind", library, "-Djava.util.logging.config.file=" + logging);
        assertEquals(0, told.exit(), told.output());
        assertTrue(told.output().contains("loading " + library.toAbsolutePath()
                + " replaced the JVM's handler of SIGSEGV; tvmbind put the JVM's back"),
                told.output());
    }

    /**
     * {@code libtvm_ffi} brought in by another loader before tvmbind's first load: its handler is
     * found (it is not in {@code libjvm}) and the JVM's put back at that load; preloaded
     * ({@code LD_PRELOAD}); and loaded by tvmbind after a first load of another library.
     */
    @Test
    void aLibtvmFfiLoadedBeforeTvmbindsFirstLoadIsFoundAndTheJvmsHandlerPutBack()
            throws Exception {
        Path library = TvmFfi.library();
        ChildJvm.javacClassPath(Path.of("src/test/modules/signals"), dir, null,
                System.getProperty("java.class.path"));
        for (String mode : List.of("system-load-first", "lookup-first", "ld-preload")) {
            Result result = run(mode, library);
            assertEquals(0, result.exit(), mode + ":\n" + result.output());
            assertTrue(result.output().contains("alive after 50000 null checks")
                    && result.output().contains("alive after a stack overflow"), result.output());
            // Preloaded, its constructor runs before the JVM starts, which installs its own.
            assertEquals(!mode.equals("ld-preload"), result.output().contains("a library loaded"
                    + " before tvmbind's first load replaced the JVM's handler of SIGSEGV; tvmbind"
                    + " put the JVM's back"), mode + ":\n" + result.output());
        }
        Result after = run("after-another", library);
        assertEquals(0, after.exit(), after.output());
        assertTrue(after.output().contains("alive after a stack overflow"), after.output());
    }

    private record Result(int exit, String output) {}

    private Result run(String mode, Path library, String... options) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(ChildJvm.java()));
        command.addAll(List.of(options));
        command.addAll(List.of("--enable-native-access=ALL-UNNAMED", "-Xss1m",
                "-XX:CompileCommand=quiet", "-XX:CompileCommand=dontinline,NullChecks::length",
                "-cp", dir + File.pathSeparator + System.getProperty("java.class.path"),
                "NullChecks", mode, library.toString(),
                NativeLibraries.of("twins").toString()));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        if (mode.equals("ld-preload")) {
            builder.environment().put("LD_PRELOAD", library.toString());
        }
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(2, TimeUnit.MINUTES), "finished");
        return new Result(process.exitValue(), output);
    }
}
