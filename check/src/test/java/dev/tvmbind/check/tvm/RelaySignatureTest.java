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
