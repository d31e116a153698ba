package dev.tvmbind.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tvmbind.processor.TvmOutputTest.AWW_MODEL;
import static dev.tvmbind.processor.TvmOutputTest.AWW_OUTPUT;
import static dev.tvmbind.processor.TvmOutputTest.INPUT_LINE;
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

/** Shapes against main's signature in TVM's Relay text: the same bytes in another layout too. */
class TvmOutputShapeTest {
    @TempDir Path dir;

    @Test
    void theSameBytesInAnotherOrderAreAnErrorSayingTvmsShape() throws IOException {
        JavaFileObject source = aww("@Input(value = \"input_1\", dtype = \"int8\", shape = {1, 10,"
                + " 49, 1}) byte[] audio", AWW_OUTPUT, AWW_MODEL);
        Compilation c = check(awwTree(), source);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-shape] input 'input_1' (audio) has"
                + " shape [1, 10, 49, 1], but main in TVM's " + awwTree().resolve("src/default.relay")
                + " gives [1, 49, 10, 1]; write shape = {1, 49, 10, 1}").inFile(source)
                .onLine(INPUT_LINE);
        Path tar = TvmMlf.tar(awwTree(), dir.resolve("aww.tar"));
        assertThat(check(tar, source)).hadErrorContaining("[tvmbind:tvm-output-shape]");
    }

    @Test
    void unreadableRelayTextIsAWarningAndShapesAreNotCompared() throws IOException {
        Path tree = TvmMlf.copy(awwTree(), dir.resolve("aww"));
        Files.writeString(tree.resolve("src/default.relay"), "def @main(%input_1: Tensor[(1, 49");
        JavaFileObject source = aww("@Input(value = \"input_1\", dtype = \"int8\", shape = {1, 10,"
                + " 49, 1}) byte[] audio", AWW_OUTPUT, AWW_MODEL);
        Compilation c = check(tree, source);
        assertThat(c).succeeded();
        assertThat(c).hadWarningCount(1);
        assertThat(c).hadWarningContaining("[tvmbind:tvm-output-relay] shapes are not compared with"
                + " TVM's " + tree.resolve("src/default.relay") + ": a dimension was expected in"
                + " main's signature (line 1)");
    }

    @Test
    void aDynamicDimensionIsAWarningAndThatShapeIsNotCompared() throws IOException {
        Path tree = TvmMlf.copy(awwTree(), dir.resolve("dynamic"));
        Path relay = tree.resolve("src/default.relay");
        Files.writeString(relay, Files.readString(relay).replaceFirst(
                "%input_1: Tensor\\[\\(1, 49", "%input_1: Tensor[(?, 49"));
        Compilation c = check(tree, aww("@Input(value = \"input_1\", dtype = \"int8\", shape = {1,"
                + " 10, 49, 1}) byte[] audio", AWW_OUTPUT, AWW_MODEL));
        assertThat(c).succeeded();
        assertThat(c).hadWarningContaining("[tvmbind:tvm-output-relay] shapes are not compared with"
                + " TVM's " + relay + ": the shape of 'input_1' has a dynamic dimension (?), and"
                + " tvmbind's are static");
    }

    /** A tensor named by its struct member where TVM has another name: a warning with TVM's. */
    @Test
    void aStructMemberWrittenForTvmsNameIsAWarningWithTheNameToWrite() throws IOException {
        Path tree = TvmMlf.copy(awwTree(), dir.resolve("renamed"));
        Path metadata = tree.resolve("metadata.json");
        Files.writeString(metadata, Files.readString(metadata).replace("\"input_1\"", "\"input_1:0\""));
        Path header = tree.resolve("codegen/host/include/tvmgen_default.h");
        Files.writeString(header, Files.readString(header).replace("input_1", "input_1_0")
                .replace("INPUT_1_SIZE", "INPUT_1_0_SIZE"));
        JavaFileObject source = aww("@Input(value = \"input_1_0\", dtype = \"int8\", shape = {1,"
                + " 49, 10, 1}) byte[] audio", AWW_OUTPUT, AWW_MODEL);
        Compilation c = check(tree, source);
        assertThat(c).succeeded();
        assertThat(c).hadWarningCount(1);
        assertThat(c).hadWarningContaining("[tvmbind:tvm-output-member-name] input 'input_1_0'"
                + " (audio) is not TVM's name of the tensor, 'input_1:0', although both give the"
                + " struct member input_1_0: write value = \"input_1:0\", so that INFO, executors"
                + " and messages carry TVM's name").inFile(source).onLine(INPUT_LINE);
    }

    /** The reverse: a ':' written where TVM's name has '_' gives the same member, and is said. */
    @Test
    void aColonWrittenForTvmsUnderscoreIsTheSameWarning() {
        JavaFileObject source = aww("@Input(value = \"input:1\", dtype = \"int8\", shape = {1,"
                + " 49, 10, 1}) byte[] audio", AWW_OUTPUT, AWW_MODEL);
        Compilation c = check(awwTree(), source);
        assertThat(c).succeeded();
        assertThat(c).hadWarningCount(1);
        assertThat(c).hadWarningContaining("[tvmbind:tvm-output-member-name] input 'input:1'"
                + " (audio) is not TVM's name of the tensor, 'input_1', although both give the"
                + " struct member input_1: write value = \"input_1\", so that INFO, executors and"
                + " messages carry TVM's name").inFile(source).onLine(INPUT_LINE);
    }

    /** One misspelt name is one error on the parameter, naming TVM's tensor at that place. */
    @Test
    void aMisspeltNameIsOneErrorNamingTvmsTensorThere() {
        JavaFileObject source = aww("@Input(value = \"inptu_1\", dtype = \"int8\", shape = {1, 49,"
                + " 10, 1}) byte[] audio", AWW_OUTPUT, AWW_MODEL);
        Compilation c = check(awwTree(), source);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-name] input 'inptu_1' (audio) is not in"
                + " TVM's struct tvmgen_default_inputs, whose member 1 is TVM's 'input_1': if that is"
                + " the tensor meant, declare it so: @Input(value = \"input_1\", dtype = \"int8\","
                + " shape = {1, 49, 10, 1}) byte[] input_1").inFile(source).onLine(INPUT_LINE);
    }

    /** An int8 array where TVM has float32: the dtype is the cause, said first, not the size. */
    @Test
    void aDtypeThatDiffersIsSaidBeforeTheSizeItChanges() {
        JavaFileObject source = aww("@Input(value = \"input_1\", dtype = \"int16\", shape = {1, 49,"
                + " 10, 1}) short[] audio", AWW_OUTPUT, AWW_MODEL);
        Compilation c = check(awwTree(), source);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-dtype] input 'input_1' (audio) is int16"
                + " (short[]), but TVM's metadata.json gives int8").inFile(source).onLine(INPUT_LINE);
    }
}
