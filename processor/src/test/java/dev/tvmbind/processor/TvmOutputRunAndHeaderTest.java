package dev.tvmbind.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tvmbind.processor.Sources.ANNOTATION_LINE;
import static dev.tvmbind.processor.Sources.model;
import static dev.tvmbind.processor.TvmOutputTest.AWW_INPUT;
import static dev.tvmbind.processor.TvmOutputTest.AWW_MODEL;
import static dev.tvmbind.processor.TvmOutputTest.AWW_OUTPUT;
import static dev.tvmbind.processor.TvmOutputTest.aww;
import static dev.tvmbind.processor.TvmOutputTest.awwTree;
import static dev.tvmbind.processor.TvmOutputTest.check;

import com.google.testing.compile.Compilation;
import dev.tvmbind.check.testing.TvmMlf;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The model has no run function where TVM has one; the header differs though all else agrees. */
class TvmOutputRunAndHeaderTest {
    @TempDir Path dir;

    @Test
    void aModelWithoutItsRunFunctionIsToldTheOneToDeclare() {
        JavaFileObject source = model("Aww", AWW_MODEL, "@EntryPoint int version();");
        Compilation c = check(awwTree(), source);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-no-run] model test.Aww has no tensor"
                + " entry point, but TVM's " + awwTree().resolve("codegen/host/include/tvmgen_default.h")
                + " declares tvmgen_default_run; declare it: @EntryPoint int run(@Input(value ="
                + " \"input_1\", dtype = \"int8\", shape = {1, 49, 10, 1}) byte[] input_1, @Output(value ="
                + " \"Identity\", dtype = \"int8\", shape = {1, 12}) byte[] identity);")
                .inFile(source).onLine(ANNOTATION_LINE);
    }

    /** A header TVM's release writes otherwise than tvmbind does: the first line that differs. */
    @Test
    void aHeaderThatDiffersWhereNothingIsComparedQuotesTheLine() throws IOException {
        Path tree = TvmMlf.copy(awwTree(), dir.resolve("aww"));
        Path header = tree.resolve("codegen/host/include/tvmgen_default.h");
        Files.writeString(header, Files.readString(header).replace(
                " * \\brief entrypoint function for TVM module \"default\"",
                " * \\brief the entry point of TVM module \"default\""));
        JavaFileObject source = aww(AWW_INPUT, AWW_OUTPUT, AWW_MODEL);
        Compilation c = check(tree, source);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-header] the header tvmbind writes for"
                + " test.Aww differs from TVM's " + header + " at line 32: TVM has \" * \\brief the"
                + " entry point of TVM module \"default\"\", tvmbind \" * \\brief entrypoint function"
                + " for TVM module \"default\"\"; please report it").inFile(source)
                .onLine(ANNOTATION_LINE);
    }
}
