package dev.tvmbind.check.tvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.check.testing.TvmMlf;
import dev.tvmbind.check.tvm.RelaySignature.RelayTensor;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Main's signature in TVM's Relay text, as the releases write it, and text that is not. */
class RelaySignatureTest {
    private static RelayTensor tensor(String dtype, Long... dims) {
        return new RelayTensor(Optional.of(List.of(dims)), dtype);
    }

    @Test
    void theKeywordSpottersMainLeavesOutItsBoundConstants() throws Exception {
        String text = Files.readString(TvmMlf.fixture("aww").resolve("mlf/src/default.relay"));
        RelaySignature main = RelaySignature.parse(text);
        assertEquals(tensor("int8", 1L, 49L, 10L, 1L), main.params().get("input_1"));
        assertEquals(Optional.of(List.of(tensor("int8", 1L, 12L))), main.results());
        assertEquals(21, main.params().size(), "input_1 and the 20 bound %v_param_");
    }

    /**
     * A TFLite-converted model as TVM 0.11-0.16 print it: the converter's tensor names, with
     * {@code :} and {@code /}, several inputs, then the constants bound as {@code %v_param_N}
     * (names beginning with {@code _} take the printer's {@code v}; a {@code .} becomes {@code _}).
     */
    @Test
    void tfliteNamesWithColonsAndSlashesAndManyBoundConstants() throws UnreadableOutputException {
        StringBuilder text = new StringBuilder("#[version = \"0.0.5\"]\ndef @main("
                + "%serving_default_x:0: Tensor[(1, 8), float32] /* ty=Tensor[(1, 8), float32]"
                + " span=serving_default_x:0:0 */, %model/input_2:0: Tensor[(1, 49, 10, 1), int8],"
                + " %v1st: Tensor[(3), int32], %a_b: Tensor[(2), uint8]");
        for (int i = 1; i <= 40; i++) {
            text.append(", %v_param_").append(i).append(": Tensor[(8, 4), int8] /* ty=Tensor[(8,"
                    + " 4), int8] span=sequential/dense/MatMul;sequential/dense/BiasAdd:0:0 */");
        }
        text.append(", hash=\"a1b2\") -> (Tensor[(1, 4), float32], Tensor[(1, 2), int8]) {\n}");
        RelaySignature main = RelaySignature.parse(text.toString());
        assertEquals(tensor("float32", 1L, 8L), main.params().get("serving_default_x:0"));
        assertEquals(tensor("int8", 1L, 49L, 10L, 1L), main.params().get("model/input_2:0"));
        assertEquals(tensor("int32", 3L), main.params().get(RelaySignature.printedName("1st")));
        assertEquals(tensor("uint8", 2L), main.params().get(RelaySignature.printedName("a.b")));
        assertEquals(44, main.params().size());
        assertEquals(tensor("int8", 8L, 4L), main.params().get("v_param_40"));
        assertEquals(Optional.of(List.of(tensor("float32", 1L, 4L), tensor("int8", 1L, 2L))),
                main.results());
    }

    @Test
    void aNameRunningIntoABlankSaysSo() {
        UnreadableOutputException broken = assertThrows(UnreadableOutputException.class,
                () -> RelaySignature.parse("def @main(%x y: Tensor[(1), int8]) {}"));
        assertEquals("': ' was expected after a variable's name in main's signature (line 1)",
                broken.getMessage());
    }

    @Test
    void aTupleResultGivesEachOutputInOrder() throws UnreadableOutputException {
        RelaySignature main = RelaySignature.parse("def @main(%x: Tensor[(2, 3), float32] /* ty=x */)"
                + " -> (Tensor[(1, 4), float32], (Tensor[(5), int8],)) {\n  %0\n}");
        assertEquals(Optional.of(List.of(tensor("float32", 1L, 4L), tensor("int8", 5L))),
                main.results());
    }

    @Test
    void anOlderReleaseLeavesTheResultTypeOut() throws UnreadableOutputException {
        RelaySignature main = RelaySignature.parse(
                "#[version = \"0.0.5\"]\ndef @main(%dense_4_input: Tensor[(1, 1), float32]) {\n}");
        assertEquals(tensor("float32", 1L, 1L), main.params().get("dense_4_input"));
        assertEquals(Optional.empty(), main.results());
    }

    @Test
    void aDynamicDimensionLeavesTheShapeUnknown() throws UnreadableOutputException {
        RelaySignature main = RelaySignature.parse("def @main(%x: Tensor[(?, 3), float32]) {}");
        assertEquals(new RelayTensor(Optional.empty(), "float32"), main.params().get("x"));
    }

    @Test
    void brokenTextSaysWhereAndNeverRecursesWithoutBound() {
        UnreadableOutputException broken = assertThrows(UnreadableOutputException.class,
                () -> RelaySignature.parse("def @main(%x: Tensor[(1, 2) float32]) {}"));
        assertEquals("',' was expected in main's signature (line 1)", broken.getMessage());
        assertThrows(UnreadableOutputException.class, () -> RelaySignature.parse("fn (%x) { %x }"));
        String deep = "def @main(%x: " + "(".repeat(100_000) + ") {}";
        UnreadableOutputException nested = assertThrows(UnreadableOutputException.class,
                () -> RelaySignature.parse(deep));
        assertTrue(nested.getMessage().startsWith("tuples nested deeper than 8"), nested.getMessage());
    }
}
