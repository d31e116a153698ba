package dev.tvmbind.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.DType;
import dev.tvmbind.TensorRole;
import dev.tvmbind.check.testing.TvmMlf;
import dev.tvmbind.check.tvm.TvmOutputReader;
import dev.tvmbind.contract.EntryPointContract;
import dev.tvmbind.contract.ModelContract;
import dev.tvmbind.contract.TensorContract;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The comparison without javac, on the keyword spotter TVM compiled: a model as README's
 * interface describes it, and the same with one thing changed, each finding placed on the part
 * that differs.
 */
class TvmOutputCheckTest {
    private static final List<EntryPointContract> RUN =
            List.of(new EntryPointContract("run", "run(byte[], byte[])", true));
    private static final TensorContract INPUT = new TensorContract(TensorRole.INPUT, "input_1",
            "input_1", "input", "byte[]", Optional.of(DType.INT8), 490, List.of(1L, 49L, 10L, 1L));
    private static final TensorContract OUTPUT = new TensorContract(TensorRole.OUTPUT,
            "Identity", "Identity", "scores", "byte[]", Optional.of(DType.INT8), 12,
            List.of(1L, 12L));

    private static ModelContract keywordSpotter(TensorContract input, TensorContract output) {
        return new ModelContract("app.KeywordSpotter", "tvmgen", "default", true, 56448, false,
                RUN, List.of(input, output));
    }

    private static List<Finding> check(ModelContract model) {
        TvmOutputReader.Result output = TvmOutputReader.read(
                TvmMlf.fixture("aww").resolve("mlf").toString());
        assertEquals(List.of(), output.problems());
        return TvmOutputCheck.check(model, output, tvm -> Optional.empty());
    }

    private static Finding only(List<Finding> findings) {
        assertEquals(1, findings.size(), findings.toString());
        return findings.get(0);
    }

    @Test
    void theModelAsDescribedAgrees() {
        assertEquals(List.of(), check(keywordSpotter(INPUT, OUTPUT)));
    }

    @Test
    void theSameDimensionsInAnotherOrderAreAShapeError() {
        Finding shape = only(check(keywordSpotter(new TensorContract(TensorRole.INPUT, "input_1",
                "input_1", "input", "byte[]", Optional.of(DType.INT8), 490,
                List.of(1L, 10L, 49L, 1L)), OUTPUT)));
        assertEquals(CheckMessage.TVM_OUTPUT_SHAPE, shape.message());
        assertEquals(Finding.Place.TENSOR, shape.place());
        assertEquals(TensorRole.INPUT, shape.role());
        assertEquals(0, shape.index());
        assertTrue(shape.text().endsWith("write shape = {1, 49, 10, 1}"), shape.text());
    }

    @Test
    void aDtypeThatDiffersIsSaidBeforeTheSizeItChanges() {
        Finding dtype = only(check(keywordSpotter(new TensorContract(TensorRole.INPUT, "input_1",
                "input_1", "input", "float[]", Optional.of(DType.FLOAT32), 1960,
                List.of(1L, 49L, 10L, 1L)), OUTPUT)));
        assertEquals(CheckMessage.TVM_OUTPUT_DTYPE, dtype.message());
        assertTrue(dtype.text().contains("float32 (float[])"), dtype.text());
        assertTrue(dtype.text().endsWith("@Input(value = \"input_1\", dtype = \"int8\","
                + " shape = {1, 49, 10, 1}) byte[] input_1"), dtype.text());
    }

    @Test
    void aMisspeltNameIsOneErrorOnTheParameterNamingTvmsTensor() {
        Finding name = only(check(keywordSpotter(new TensorContract(TensorRole.INPUT, "input1",
                "input1", "input", "byte[]", Optional.of(DType.INT8), 490,
                List.of(1L, 49L, 10L, 1L)), OUTPUT)));
        assertEquals(CheckMessage.TVM_OUTPUT_NAME, name.message());
        assertEquals(0, name.index());
        assertTrue(name.text().contains("TVM's 'input_1'"), name.text());
    }

    @Test
    void anotherSizeIsASizeErrorSayingTvmsBytes() {
        Finding size = only(check(keywordSpotter(INPUT, new TensorContract(TensorRole.OUTPUT,
                "Identity", "Identity", "scores", "byte[]", Optional.of(DType.INT8), 10,
                List.of(1L, 10L)))));
        assertEquals(CheckMessage.TVM_OUTPUT_SIZE, size.message());
        assertEquals(TensorRole.OUTPUT, size.role());
        assertTrue(size.text().contains("gives 12 bytes"), size.text());
    }

    @Test
    void aModelTheOutputDoesNotHoldIsMissing() {
        ModelContract other = new ModelContract("app.Cifar", "tvmgen", "cifar", true, 0, false,
                RUN, List.of(INPUT, OUTPUT));
        Finding missing = only(check(other));
        assertEquals(CheckMessage.TVM_OUTPUT_MISSING_MODEL, missing.message());
        assertEquals(Finding.Place.MODEL, missing.place());
        assertTrue(missing.text().contains("it holds tvmgen_default"), missing.text());
    }

    /**
     * The keyword spotter as a TFLite conversion names its input ({@code serving_default_input_1:0},
     * printed so in main's Relay signature, before the bound constants): its shape is read, so
     * the same bytes in another layout are the shape error.
     */
    @Test
    void aTfliteConvertedInputsShapeIsCompared(@TempDir Path dir) throws IOException {
        Path tree = TvmMlf.copy(TvmMlf.fixture("aww").resolve("mlf"), dir);
        String tflite = "serving_default_input_1:0";
        replace(tree.resolve("metadata.json"), "\"input_1\"", "\"" + tflite + "\"");
        replace(tree.resolve("codegen/host/include/tvmgen_default.h"), "input_1",
                "serving_default_input_1_0");
        replace(tree.resolve("codegen/host/include/tvmgen_default.h"), "INPUT_1",
                "SERVING_DEFAULT_INPUT_1_0");
        replace(tree.resolve("src/default.relay"), "%input_1:", "%" + tflite + ":");
        TvmOutputReader.Result output = TvmOutputReader.read(tree.toString());
        assertEquals(List.of(), output.problems());
        assertEquals(Optional.of(List.of(1L, 49L, 10L, 1L)),
                output.models().get("tvmgen_default").inputs().get(0).shape());
        TensorContract transposed = new TensorContract(TensorRole.INPUT, tflite,
                "serving_default_input_1_0", "input", "byte[]", Optional.of(DType.INT8), 490,
                List.of(1L, 10L, 49L, 1L));
        Finding shape = only(TvmOutputCheck.check(keywordSpotter(transposed, OUTPUT), output,
                tvm -> Optional.empty()));
        assertEquals(CheckMessage.TVM_OUTPUT_SHAPE, shape.message());
    }

    private static void replace(Path file, String from, String to) throws IOException {
        String text = Files.readString(file);
        assertTrue(text.contains(from), file + " lacks " + from);
        Files.writeString(file, text.replace(from, to));
    }

    @Test
    void aModelNotMarkedCheckedMayBeAbsent() {
        assertEquals(List.of(), check(new ModelContract("app.Cifar", "tvmgen", "cifar", false, 0,
                false, RUN, List.of(INPUT, OUTPUT))));
    }

    @Test
    void theComponentRunsOnJava17() throws IOException {
        // Maven may run on a JDK 17 (the goal does): class files of major version 61 at most.
        for (Class<?> type : List.of(TvmOutputCheck.class, TvmOutputReader.class)) {
            try (InputStream in = type.getResourceAsStream(type.getSimpleName() + ".class")) {
                byte[] head = in.readNBytes(8);
                int major = (head[6] & 0xff) << 8 | head[7] & 0xff;
                assertTrue(major <= 61, type + " has class file version " + major);
            }
        }
    }
}
