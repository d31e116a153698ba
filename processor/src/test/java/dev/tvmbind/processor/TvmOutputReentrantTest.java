package dev.tvmbind.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tvmbind.processor.Sources.ANNOTATION_LINE;
import static dev.tvmbind.processor.Sources.model;
import static dev.tvmbind.processor.TvmOutputTest.AWW_INPUT;
import static dev.tvmbind.processor.TvmOutputTest.AWW_OUTPUT;
import static dev.tvmbind.processor.TvmOutputTest.aww;
import static dev.tvmbind.processor.TvmOutputTest.awwTree;
import static dev.tvmbind.processor.TvmOutputTest.check;

import com.google.testing.compile.Compilation;
import dev.tvmbind.check.testing.TvmMlf;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code @TvmModel(reentrant = true)} against TVM's generated C: refused where the C keeps a
 * writable static workspace, allowed where it takes its workspace from the platform.
 */
class TvmOutputReentrantTest {
    @TempDir Path dir;

    /** TVM 0.17's USMP puts the keyword spotter's workspace in a static array of default_lib0.c. */
    @Test
    void reentrantWhereTvmsCodeKeepsAStaticWorkspaceIsAnErrorOnTheValue() throws IOException {
        JavaFileObject source = aww(AWW_INPUT, AWW_OUTPUT,
                "@TvmModel(name = \"default\", workspaceSize = 56448, reentrant = true)");
        String message = "[tvmbind:tvm-output-reentrant] test.Aww declares reentrant = true, but"
                + " TVM's C keeps its workspace in static memory: %s declares the writable static"
                + " array 'global_workspace', which concurrent runs of one loaded library would"
                + " share and overwrite; remove reentrant = true (runs then wait for each other),"
                + " and to run in parallel open private copies with TvmLibrary.open(library, n)";
        Compilation tree = check(awwTree(), source);
        assertThat(tree).hadErrorCount(1);
        assertThat(tree).hadErrorContaining(message.formatted(awwTree() + File.separator
                + "codegen/host/src/default_lib0.c")).inFile(source).onLine(ANNOTATION_LINE);
        Path tar = TvmMlf.tar(awwTree(), dir.resolve("aww.tar"));
        assertThat(check(tar, source)).hadErrorContaining(message.formatted(tar
                + "!codegen/host/src/default_lib0.c")).inFile(source).onLine(ANNOTATION_LINE);
        // TVM's header alone says nothing of its C: nothing to refuse.
        assertThat(check(awwTree().resolve("codegen/host/include/tvmgen_default.h"), source))
                .succeededWithoutWarnings();
    }

    /** The TVM 0.9 sine model takes its workspace from TVMBackendAllocWorkspace: the platform's. */
    @Test
    void reentrantWhereTvmsCodeAllocatesItsWorkspaceIsAllowed() {
        JavaFileObject source = model("Sine",
                "@TvmModel(name = \"default\", workspaceSize = 1184, reentrant = true)",
                "@EntryPoint int run(",
                "    @Input(value = \"dense_4_input\", shape = {1, 1}) float[] x,",
                "    @Output(value = \"Identity\", shape = {1, 1}) float[] y);");
        assertThat(check(TvmMlf.fixture("sine").resolve("mlf"), source)).succeededWithoutWarnings();
    }
}
