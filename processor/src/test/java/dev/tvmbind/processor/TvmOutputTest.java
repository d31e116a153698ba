package dev.tvmbind.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tvmbind.processor.Sources.ANNOTATION_LINE;
import static dev.tvmbind.processor.Sources.BODY_LINE;
import static dev.tvmbind.processor.Sources.compile;
import static dev.tvmbind.processor.Sources.model;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.testing.compile.Compilation;
import dev.tvmbind.check.testing.TvmMlf;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The interface against what TVM really generated (README's "From TVM's output to a Java call"):
 * the real trees of
 * {@code shared/tvm-mlf}, and variants of them made by the documented changes each test names.
 */
class TvmOutputTest {
    @TempDir Path dir;

    /** MLPerf Tiny's keyword spotter as TVM 0.17 compiled it: the interface that matches it. */
    static JavaFileObject aww(String input, String output, String annotation) {
        return model("Aww", annotation,
                "@EntryPoint int run(",
                "    " + input + ",",
                "    " + output + ");");
    }

    static final String AWW_MODEL = "@TvmModel(name = \"default\", workspaceSize = 56448)";
    static final String AWW_INPUT = "@Input(value = \"input_1\", dtype = \"int8\", shape = {1, 49, 10, 1}) byte[] audio";
    static final String AWW_OUTPUT = "@Output(value = \"Identity\", dtype = \"int8\", shape = {1, 12}) byte[] scores";
    static final int INPUT_LINE = BODY_LINE + 1;
    static final int OUTPUT_LINE = BODY_LINE + 2;

    static Path awwTree() {
        return TvmMlf.fixture("aww").resolve("mlf");
    }

    static Compilation check(Path tvmOutput, JavaFileObject source) {
        return compile(List.of("-Atvmbind.tvmOutput=" + tvmOutput), source);
    }

    @Test
    void theMatchingInterfaceWritesTvmsHeaderByteForByte() throws IOException {
        Compilation c = check(awwTree(), aww(AWW_INPUT, AWW_OUTPUT, AWW_MODEL));
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedFile(StandardLocation.SOURCE_OUTPUT, "", "tvmgen_default.h")
                .contentsAsUtf8String().isEqualTo(Files.readString(
                        awwTree().resolve("codegen/host/include/tvmgen_default.h")));
    }

    @Test
    void aTarAsTvmExportsItIsReadLikeTheTree() throws IOException {
        Path tar = TvmMlf.tar(awwTree(), dir.resolve("aww.tar"));
        assertThat(check(tar, aww(AWW_INPUT, AWW_OUTPUT, AWW_MODEL))).succeededWithoutWarnings();
        JavaFileObject wrong = aww(AWW_INPUT.replace("shape = {1, 49, 10, 1}", "size = 480"),
                AWW_OUTPUT, AWW_MODEL);
        Compilation c = check(tar, wrong);
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-size] input 'input_1' (audio) is 480"
                + " bytes, but TVM's " + tar + "!codegen/host/include/tvmgen_default.h gives 490"
                + " bytes; correct its size or shape").inFile(wrong).onLine(INPUT_LINE);
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void aWrongSizeIsAnErrorOnTheTensor() {
        JavaFileObject source = aww(AWW_INPUT, AWW_OUTPUT.replace("{1, 12}", "{1, 10}"), AWW_MODEL);
        Compilation c = check(awwTree(), source);
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-size] output 'Identity' (scores) is 10"
                + " bytes, but TVM's").inFile(source).onLine(OUTPUT_LINE);
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void aTensorWithoutSizeIsToldTvmsSize() {
        JavaFileObject source = aww("@Input(\"input_1\") MemorySegment audio", AWW_OUTPUT, AWW_MODEL);
        Compilation c = check(awwTree(), source);
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-size] input 'input_1' (audio) declares"
                + " no size, but TVM's").inFile(source).onLine(INPUT_LINE);
        assertThat(c).hadErrorContaining("gives 490 bytes; write size = 490 (or its shape)");
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void aWrongDtypeIsAnErrorWithTheDeclarationToPaste() {
        JavaFileObject source = aww(AWW_INPUT,
                "@Output(value = \"Identity\", dtype = \"uint8\", size = 12) byte[] scores", AWW_MODEL);
        Compilation c = check(awwTree(), source);
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-dtype] output 'Identity' (scores) is"
                + " uint8 (byte[]), but TVM's metadata.json gives int8; declare it:"
                + " @Output(value = \"Identity\", dtype = \"int8\", shape = {1, 12}) byte[] identity")
                .inFile(source).onLine(OUTPUT_LINE);
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void aLeftOutWorkspaceSizeIsAnErrorOnTheModel() {
        JavaFileObject source = aww(AWW_INPUT, AWW_OUTPUT, "@TvmModel(name = \"default\")");
        Compilation c = check(awwTree(), source);
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-workspace] workspaceSize of test.Aww is"
                + " 0, but TVM's").inFile(source).onLine(ANNOTATION_LINE);
        assertThat(c).hadErrorContaining("gives 56448; write workspaceSize = 56448");
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void aTensorTvmLacksIsAnErrorOnIt() {
        JavaFileObject source = model("Aww", AWW_MODEL,
                "@EntryPoint int run(@Input(value = \"input_1\", size = 490) MemorySegment audio,",
                "                    @Output(value = \"Identity\", size = 12) MemorySegment scores,",
                "                    @Output(value = \"extra\", size = 12) MemorySegment extra);");
        Compilation c = check(awwTree(), source);
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-extra-tensor] output 'extra' (extra)"
                + " is not in TVM's struct tvmgen_default_outputs, whose members are Identity")
                .inFile(source).onLine(BODY_LINE + 2);
        assertThat(c).hadErrorCount(1);
    }

    /** Variant: the two-input tree; the interface declares only the first input. */
    @Test
    void aDroppedTensorIsAnErrorWithTheDeclarationToPaste() throws IOException {
        JavaFileObject source = model("Aww", AWW_MODEL,
                "@EntryPoint int run(",
                "    " + AWW_INPUT + ",",
                "    " + AWW_OUTPUT + ");");
        Compilation c = check(twoInputs(), source);
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-missing-tensor] run(byte[], byte[])"
                + " lacks TVM's input 'mask', member 2 of struct tvmgen_default_inputs (input_1, mask);"
                + " declare it at that place: @Input(value = \"mask\", dtype = \"int8\", size = 49)"
                + " byte[] mask").inFile(source).onLine(BODY_LINE);
        assertThat(c).hadErrorCount(1);
    }

    /** TVM 0.9.dev0, MLF version 5: no "modules", no tensors in metadata.json, no size macros. */
    @Test
    void anOlderTvmsTreeIsComparedInItsOwnHeaderStyle() {
        Path sine = TvmMlf.fixture("sine").resolve("mlf");
        JavaFileObject source = model("Sine", "@TvmModel(name = \"default\", workspaceSize = 1184)",
                "@EntryPoint int run(@Input(value = \"dense_4_input\", shape = {1, 1}) float[] x,",
                "                    @Output(value = \"Identity\", shape = {1, 1}) float[] y);");
        assertThat(check(sine, source)).succeededWithoutWarnings();
        JavaFileObject unordered = model("Sine", "@TvmModel(name = \"default\", workspaceSize = 1184)",
                "@EntryPoint int run(@Input(\"Identity\") float[] y,",
                "                    @Output(\"dense_4_input\") float[] x);");
        Compilation c = check(sine, unordered);
        // Each misplaced name is one error on its parameter, naming what TVM has there.
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-name] input 'Identity' (y) is not in"
                + " TVM's struct tvmgen_default_inputs, whose member 1 is TVM's 'dense_4_input': if"
                + " that is the tensor meant, declare it so: @Input(\"dense_4_input\")"
                + " MemorySegment dense_4_input").inFile(unordered).onLine(BODY_LINE);
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-name] output 'dense_4_input' (x)")
                .inFile(unordered).onLine(BODY_LINE + 1);
        assertThat(c).hadErrorCount(2);
    }

    /**
     * Variant: a second input {@code mask} (int8, 49 bytes) added after {@code input_1} in the
     * header's struct, its size macro and metadata.json, as TVM writes a two-input model.
     */
    private Path twoInputs() throws IOException {
        Path tree = TvmMlf.copy(awwTree(), dir.resolve("two-inputs"));
        Path header = tree.resolve("codegen/host/include/tvmgen_default.h");
        String text = Files.readString(header)
                .replace("#define TVMGEN_DEFAULT_INPUT_1_SIZE 490\n", "#define TVMGEN_DEFAULT_INPUT_1_SIZE 490\n"
                        + "/*!\n * \\brief Input tensor mask size (in bytes) for TVM module \"default\" \n */\n"
                        + "#define TVMGEN_DEFAULT_MASK_SIZE 49\n")
                .replace("  void* input_1;\n", "  void* input_1;\n  void* mask;\n");
        Files.writeString(header, text);
        Path metadata = tree.resolve("metadata.json");
        Files.writeString(metadata, Files.readString(metadata).replace("\"inputs\": {",
                "\"inputs\": {\n \"mask\": {\"dtype\": \"int8\", \"size\": 49},"));
        return tree;
    }

    /**
     * Variant: a second input {@code mask} (int8, 49 bytes) added after {@code input_1} in the
     * header's struct, its size macro and metadata.json, as TVM writes a two-input model.
     */
    @Test
    void swappedTensorsAreAnErrorOnEach() throws IOException {
        Path tree = twoInputs();
        JavaFileObject source = model("Aww", AWW_MODEL,
                "@EntryPoint int run(",
                "    @Input(value = \"mask\", size = 49) byte[] mask,",
                "    " + AWW_INPUT + ",",
                "    " + AWW_OUTPUT + ");");
        Compilation c = check(tree, source);
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-order] input 'mask' (mask) is member 1 of"
                + " struct tvmgen_default_inputs here, but member 2 in TVM's (input_1, mask); declare the"
                + " parameters in TVM's order").inFile(source).onLine(BODY_LINE + 1);
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-order] input 'input_1' (audio) is member 2")
                .inFile(source).onLine(BODY_LINE + 2);
        assertThat(c).hadErrorCount(2);
        JavaFileObject ordered = model("Aww", AWW_MODEL,
                "@EntryPoint int run(",
                "    " + AWW_INPUT + ",",
                "    @Input(value = \"mask\", size = 49) byte[] mask,",
                "    " + AWW_OUTPUT + ");");
        Compilation fixed = check(tree, ordered);
        assertThat(fixed).succeededWithoutWarnings();
        assertThat(fixed).generatedFile(StandardLocation.SOURCE_OUTPUT, "", "tvmgen_default.h")
                .contentsAsUtf8String().isEqualTo(Files.readString(
                        tree.resolve("codegen/host/include/tvmgen_default.h")));
    }

    /** Variant: the header deleted, as a build without --executor-aot-interface-api=c leaves it. */
    @Test
    void aModelWithoutCInterfaceHeaderIsAnError() throws IOException {
        Path tree = TvmMlf.copy(awwTree(), dir.resolve("packed"));
        Files.delete(tree.resolve("codegen/host/include/tvmgen_default.h"));
        JavaFileObject source = aww(AWW_INPUT, AWW_OUTPUT, AWW_MODEL);
        Compilation c = check(tree, source);
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-no-header] model test.Aww is"
                + " 'tvmgen_default', which TVM's metadata.json lists without a C interface header ("
                + tree.toAbsolutePath() + "/codegen/host/include/tvmgen_default.h is missing)")
                .inFile(source).onLine(ANNOTATION_LINE);
        assertThat(c).hadErrorCount(1);
    }

    /**
     * Variant: a second model {@code kws} in the same tree, as one tvmc run with two modules
     * exports it: metadata.json's {@code modules} gets a copy of {@code default} under {@code kws},
     * and {@code tvmgen_kws.h} is TVM's header with the module's names changed.
     */
    @Test
    void everyModelOfATreeIsCheckedAndCheckedModelsMustBeThere() throws IOException {
        Path tree = TvmMlf.copy(awwTree(), dir.resolve("two-models"));
        Path metadata = tree.resolve("metadata.json");
        JsonObject json = JsonParser.parseString(Files.readString(metadata)).getAsJsonObject();
        JsonObject modules = json.getAsJsonObject("modules");
        JsonObject kwsModule = modules.getAsJsonObject("default").deepCopy();
        kwsModule.addProperty("model_name", "kws");
        JsonObject reordered = new JsonObject();
        reordered.add("kws", kwsModule);
        reordered.add("default", modules.get("default"));
        json.add("modules", reordered);
        Files.writeString(metadata, json.toString());
        Path include = tree.resolve("codegen/host/include");
        Files.writeString(include.resolve("tvmgen_kws.h"), Files.readString(include.resolve(
                "tvmgen_default.h")).replace("default", "kws").replace("DEFAULT", "KWS"));
        JavaFileObject kws = model("Kws", "@TvmModel(name = \"kws\", workspaceSize = 56400)",
                "@EntryPoint int run(",
                "    " + AWW_INPUT + ",",
                "    " + AWW_OUTPUT + ");");
        JavaFileObject missing = model("Other", "@TvmModel(checked = true)",
                "@EntryPoint int run(@Input byte[] x, @Output byte[] y);");
        Compilation c = compile(List.of("-Atvmbind.tvmOutput=" + tree), kws, missing,
                aww(AWW_INPUT, AWW_OUTPUT, AWW_MODEL));
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-workspace] workspaceSize of test.Kws is"
                + " 56400, but TVM's " + tree.toAbsolutePath() + "/codegen/host/include/tvmgen_kws.h"
                + " gives 56448").inFile(kws).onLine(ANNOTATION_LINE);
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-missing-model] model test.Other is"
                + " 'tvmgen_other' and @TvmModel(checked = true), but the TVM output"
                + " (-Atvmbind.tvmOutput) holds no such model; it holds tvmgen_kws, tvmgen_default")
                .inFile(missing).onLine(ANNOTATION_LINE);
        assertThat(c).hadErrorCount(2);
    }

    /** checked = true with no output given at all: nothing would check it, so it is the error. */
    @Test
    void checkedWithoutAnyOutputIsTheErrorNamingBothWaysToGiveOne() {
        JavaFileObject source = model("Other", "@TvmModel(checked = true)",
                "@EntryPoint int run(@Input byte[] x, @Output byte[] y);");
        Compilation c = compile(List.of(), source);
        assertThat(c).hadErrorContaining("[tvmbind:tvm-output-missing-model] model test.Other is"
                + " 'tvmgen_other' and @TvmModel(checked = true), but no TVM output was given to"
                + " check it against; give one with -Atvmbind.tvmOutput=PATH (javac), or"
                + " <tvmOutput> in the configuration of tvmbind-maven-plugin's goals, or remove"
                + " checked = true").inFile(source).onLine(ANNOTATION_LINE);
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void aModelTheOutputDoesNotHoldIsNotCheckedUnlessItAsks() {
        JavaFileObject other = model("Other", "@TvmModel",
                "@EntryPoint int run(@Input byte[] x, @Output byte[] y);");
        assertThat(check(awwTree(), other)).succeededWithoutWarnings();
    }

    @Test
    void aSingleHeaderIsEnough() {
        Path header = awwTree().resolve("codegen/host/include/tvmgen_default.h");
        assertThat(check(header, aww(AWW_INPUT, AWW_OUTPUT, AWW_MODEL))).succeededWithoutWarnings();
        JavaFileObject wrong = aww(AWW_INPUT, AWW_OUTPUT, "@TvmModel(name = \"default\", workspaceSize = 1)");
        assertThat(check(header, wrong)).hadErrorContaining("[tvmbind:tvm-output-workspace]");
    }

    /**
     * Variant: USMP's workspace pool {@code sram} (56,448 bytes) and a device {@code npu}, as TVM
     * 0.18's {@code interface_c.cc} writes them: a devices struct after the outputs, a pools struct
     * after it, both as run arguments (pools first), the pool's size macro after the workspace's.
     */
    @Test
    void poolsAndDevicesAreChecked() throws IOException {
        Path tree = TvmMlf.copy(awwTree(), dir.resolve("pools"));
        Path header = tree.resolve("codegen/host/include/tvmgen_default.h");
        String brief = "/*!\n * \\brief %s for TVM module \"default\" \n */\n";
        String text = Files.readString(header)
                .replace("/*!\n * \\brief entrypoint", brief.formatted("Device context pointers")
                        + "struct tvmgen_default_devices {\n  void* npu;\n};\n\n"
                        + brief.formatted("Workspace pool pointers")
                        + "struct tvmgen_default_workspace_pools {\n  void* sram;\n};\n\n"
                        + "/*!\n * \\brief entrypoint")
                .replace(" * \\param outputs Output tensors for the module \n",
                        " * \\param outputs Output tensors for the module \n"
                        + " * \\param workspace_pools Workspace memory pool pointers for the module \n"
                        + " * \\param devices Device context pointers for the module \n")
                .replace("  struct tvmgen_default_outputs* outputs\n", "  struct tvmgen_default_outputs* outputs,\n"
                        + "  struct tvmgen_default_workspace_pools* workspace_pools,\n"
                        + "  struct tvmgen_default_devices* devices\n")
                .replace("#define TVMGEN_DEFAULT_WORKSPACE_SIZE 56448\n", "#define TVMGEN_DEFAULT_WORKSPACE_SIZE 56448\n"
                        + brief.formatted("sram size") + "#define TVMGEN_DEFAULT_SRAM_WORKSPACE_POOL_SIZE 56448\n");
        Files.writeString(header, text);
        JavaFileObject source = model("Aww", AWW_MODEL,
                "@EntryPoint int run(",
                "    " + AWW_INPUT + ",",
                "    " + AWW_OUTPUT + ",",
                "    @WorkspacePool(value = \"sram\", size = 56448) MemorySegment sram,",
                "    @Device(\"npu\") MemorySegment npu);");
        Compilation c = check(tree, source);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedFile(StandardLocation.SOURCE_OUTPUT, "", "tvmgen_default.h")
                .contentsAsUtf8String().isEqualTo(text);
        JavaFileObject wrong = model("Aww", AWW_MODEL,
                "@EntryPoint int run(",
                "    " + AWW_INPUT + ",",
                "    " + AWW_OUTPUT + ",",
                "    @WorkspacePool(value = \"sram\", size = 4096) MemorySegment sram);");
        Compilation w = check(tree, wrong);
        assertThat(w).hadErrorContaining("[tvmbind:tvm-output-size] workspace pool 'sram' (sram) is"
                + " 4096 bytes, but TVM's").inFile(wrong).onLine(BODY_LINE + 3);
        assertThat(w).hadErrorContaining("[tvmbind:tvm-output-missing-tensor] run(byte[], byte[], MemorySegment) lacks TVM's device"
                + " 'npu', member 1 of struct tvmgen_default_devices (npu); declare it at that place:"
                + " @Device(\"npu\") MemorySegment npu").inFile(wrong).onLine(BODY_LINE);
        assertThat(w).hadErrorCount(2);
    }

    /**
     * Variant: the header as TVM 0.8's {@code interface_c.cc} wrote it, without size macros and
     * without the workspace macro; the workspace size then comes from metadata.json.
     */
    @Test
    void aTvm08HeaderIsComparedWithoutItsMacros() throws IOException {
        Path tree = TvmMlf.copy(awwTree(), dir.resolve("tvm08"));
        Path header = tree.resolve("codegen/host/include/tvmgen_default.h");
        String text = Files.readString(header).replaceAll(
                "/\\*!\n \\* \\\\brief (Input|Output) tensor \\w+ size \\(in bytes\\)[^\n]*\n \\*/\n#define \\w+ \\d+\n", "")
                .replaceAll("/\\*!\n \\* \\\\brief Workspace size[^\n]*\n \\*/\n#define \\w+ \\d+\n", "");
        assertTrue(!text.contains("_SIZE "), text);
        Files.writeString(header, text);
        Compilation c = check(tree, aww(AWW_INPUT, AWW_OUTPUT, AWW_MODEL));
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedFile(StandardLocation.SOURCE_OUTPUT, "", "tvmgen_default.h")
                .contentsAsUtf8String().isEqualTo(text);
        JavaFileObject wrong = aww(AWW_INPUT, AWW_OUTPUT, "@TvmModel(name = \"default\", workspaceSize = 4)");
        assertThat(check(tree, wrong)).hadErrorContaining("[tvmbind:tvm-output-workspace] workspaceSize"
                + " of test.Aww is 4, but TVM's");
    }

    /** Variant: the header with Windows line ends, as a checkout with autocrlf leaves it. */
    @Test
    void windowsLineEndsAreTvmsHeaderToo() throws IOException {
        Path header = Files.writeString(dir.resolve("tvmgen_default.h"), Files.readString(
                awwTree().resolve("codegen/host/include/tvmgen_default.h")).replace("\n", "\r\n"));
        assertThat(check(header, aww(AWW_INPUT, AWW_OUTPUT, AWW_MODEL))).succeededWithoutWarnings();
    }
}
