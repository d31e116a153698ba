package dev.tvmbind.processor.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.check.testing.TvmMlf;
import dev.tvmbind.processor.RealJavac;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scenario of a stale check, with real javac: the keyword spotter's interface compiled against
 * {@code model.tar}, the tar replaced by another model's, and javac not rerun: {@code check} fails
 * on the parameter, and passes again once the tar is restored.
 */
class CheckCommandTest {
    private static final String SPOTTER = """
            package app;

            import dev.tvmbind.EntryPoint;
            import dev.tvmbind.Input;
            import dev.tvmbind.Output;
            import dev.tvmbind.TvmModel;

            @TvmModel(name = "default", prefix = "tvmgen", workspaceSize = 56448, checked = true)
            public interface Spotter {
                @EntryPoint
                void run(@Input(value = "input_1", dtype = "int8", shape = {1, 49, 10, 1}) byte[] features,
                        @Output(value = "Identity", dtype = "int8", shape = {1, 12}) byte[] scores);
            }
            """;

    @TempDir
    Path dir;

    private record Run(int status, String out, String err) {}

    private static Run check(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.runCommand(List.of(args),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8),
                err.toString(StandardCharsets.UTF_8));
    }

    /** The spotter compiled against {@code tar}: its class output. */
    private Path compiledAgainst(Path tar) throws Exception {
        RealJavac.Result compiled = RealJavac.compile(dir, List.of("-Atvmbind.tvmOutput=" + tar),
                List.of(RealJavac.write(dir, "app/Spotter.java", SPOTTER)));
        assertTrue(compiled.success(), compiled.diagnostics().toString());
        return compiled.classOutput();
    }

    @Test
    void aSwappedTarFailsOnTheParameterWithoutJavacAndPassesOnceRestored() throws Exception {
        Path tar = TvmMlf.tar(TvmMlf.fixture("aww").resolve("mlf"), dir.resolve("model.tar"));
        Path output = compiledAgainst(tar);
        String classes = output.toString();
        assertTrue(Files.exists(output.resolve("META-INF/tvmbind/checked/app.Spotter.properties")));

        Run agreed = check("check", "--classes", classes);
        assertEquals(0, agreed.status(), agreed.err());
        assertEquals("tvmbind: 1 model agrees with TVM's output as it is now\n", agreed.out());

        Files.delete(tar);
        TvmMlf.tar(TvmMlf.fixture("sine").resolve("mlf"), tar);
        Run stale = check("check", "--classes", classes);
        assertEquals(1, stale.status(), stale.err());
        assertTrue(stale.err().startsWith("error: app.Spotter.run(byte[], byte[]), parameter"
                + " features: [tvmbind:tvm-output-name] input 'input_1' (features) is not in"
                + " TVM's struct tvmgen_default_inputs"), stale.err());

        Files.delete(tar);
        TvmMlf.tar(TvmMlf.fixture("aww").resolve("mlf"), tar);
        assertEquals(0, check("check", "--classes", classes).status());
    }

    @Test
    void pathsGivenReplaceTheRecordedOutput() throws Exception {
        Path tar = TvmMlf.tar(TvmMlf.fixture("aww").resolve("mlf"), dir.resolve("model.tar"));
        Run other = check("check", "--classes", compiledAgainst(tar).toString(),
                TvmMlf.fixture("sine").resolve("mlf").toString());
        assertEquals(1, other.status(), other.err());
    }

    @Test
    void badArgumentsAreOneLineAndStatusTwo() {
        Run none = check("check");
        assertEquals(2, none.status());
        assertTrue(none.err().startsWith("tvmbind check: which class output?"), none.err());
        Run missing = check("check", "--classes", dir.resolve("absent").toString());
        assertEquals(2, missing.status());
        assertTrue(missing.err().contains("is not a directory"), missing.err());
    }
}
