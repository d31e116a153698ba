package dev.tvmbind.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tvmbind.processor.Sources.compile;
import static dev.tvmbind.processor.Sources.model;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** TVM output that cannot be read: one keyed error naming the file and the cause, never a crash. */
class TvmOutputUnreadableTest {
    @TempDir Path dir;

    static final JavaFileObject MODEL = model("M", "@TvmModel(name = \"default\")",
            "@EntryPoint int run(@Input byte[] x, @Output byte[] y);");

    static Compilation check(String tvmOutput) {
        return compile(List.of("-Atvmbind.tvmOutput=" + tvmOutput), MODEL);
    }

    private Path tree(String metadata) throws IOException {
        Path tree = Files.createDirectories(dir.resolve("mlf/codegen/host/include")).getParent()
                .getParent().getParent();
        Files.writeString(tree.resolve("metadata.json"), metadata);
        return tree;
    }

    @Test
    void aPathThatDoesNotExist() {
        Path missing = dir.resolve("nowhere");
        Compilation c = check(missing.toString());
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-unreadable] cannot read TVM output "
                + missing + ": no such file or directory");
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void aFileThatIsNoTar() throws IOException {
        Path tar = Files.write(dir.resolve("model.tar"), new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9});
        Compilation c = check(tar.toString());
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-unreadable] cannot read TVM output " + tar
                + ": it is not a tar archive");
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void aDirectoryWithoutMetadata() {
        Compilation c = check(dir.toString());
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-unreadable] cannot read TVM output "
                + dir.resolve("metadata.json") + ": there is no such file, so this is not a Model"
                + " Library Format tree");
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void brokenJson() throws IOException {
        Path tree = tree("{\"modules\": {\"default\": {\"memory\": ");
        Compilation c = check(tree.toString());
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-unreadable] cannot read TVM output "
                + tree.resolve("metadata.json") + ": it is not valid JSON");
        assertThat(c).hadErrorCount(1);
    }

    /** Gson keeps the last of two equal keys silently: which size would be checked? Refused. */
    @Test
    void aKeyWrittenTwiceIsRefusedNamingIt() throws IOException {
        Path tree = tree("{\"modules\": {\"default\": {}, \"default\": {}}}");
        Compilation c = check(tree.toString());
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-unreadable] cannot read TVM output "
                + tree.resolve("metadata.json") + ": the key modules.default appears twice; TVM"
                + " writes each key once");
        assertThat(c).hadErrorCount(1);
    }

    /** A .tar.gz cut short once said "TVM wrote: null". */
    @Test
    void aTruncatedCompressedTarSaysItEndsEarly() throws IOException {
        Path tar = dir.resolve("model.tar.gz");
        try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(tar))) {
            out.write(new byte[64 << 10]);
        }
        byte[] whole = Files.readAllBytes(tar);
        Files.write(tar, java.util.Arrays.copyOf(whole, whole.length / 2));
        Compilation c = check(tar.toString());
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-unreadable] cannot read TVM output "
                + tar);
        assertThat(c).hadErrorCount(1);
        String said = c.errors().get(0).getMessage(null);
        org.junit.jupiter.api.Assertions.assertFalse(said.endsWith("null"), said);
    }

    @Test
    void jsonOfAnotherShape() throws IOException {
        Path tree = tree("{\"modules\": {\"default\": {\"memory\": {\"functions\": {\"main\": [{"
                + "\"inputs\": {\"x\": {\"dtype\": \"int8\", \"size\": \"big\"}}}]}}}}}");
        Compilation c = check(tree.toString());
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-unreadable] cannot read TVM output "
                + tree.resolve("metadata.json") + ": inputs.x.size is \"big\", not a whole number of"
                + " bytes");
        assertThat(c).hadErrorCount(1);
        Path neither = tree("{\"version\": 7}");
        assertThat(check(neither.toString())).hadErrorContaining("it has neither 'modules' (MLF"
                + " version 6 and later) nor 'model_name' (version 5)");
    }

    @Test
    void aHeaderThatIsNotTvms() throws IOException {
        Path header = Files.writeString(dir.resolve("model.h"), "#pragma once\nint run(void);\n");
        Compilation c = check(header.toString());
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-unreadable] cannot read TVM output "
                + header + ": it declares no run function 'int32_t <prefix>_<model>_run(', so it is"
                + " not a C interface header of TVM's AOT executor");
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void aTreeWhoseHeaderIsBroken() throws IOException {
        Path tree = tree("{\"modules\": {\"default\": {}}}");
        Path header = Files.writeString(tree.resolve("codegen/host/include/tvmgen_default.h"),
                "int32_t tvmgen_default_run(\n);\n");
        Compilation c = check(tree.toString());
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-unreadable] cannot read TVM output "
                + header + ": it has no struct tvmgen_default_inputs and tvmgen_default_outputs");
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void onePathBrokenAnotherRead() throws IOException {
        Path tree = tree("{\"modules\": {\"other\": {}}}");
        Compilation c = compile(List.of("-Atvmbind.tvmOutput=" + dir.resolve("nowhere")
                + java.io.File.pathSeparator + tree), MODEL);
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-unreadable]");
        assertThat(c).hadErrorCount(1);
    }
}
