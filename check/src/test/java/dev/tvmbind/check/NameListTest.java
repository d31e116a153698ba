package dev.tvmbind.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.contract.TensorContract;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Names in a message: all of a few, ten of many and how many more, on one line. */
class NameListTest {
    @Test
    void tenNamesAreListedWholeAndMoreAreCut() {
        List<String> ten = IntStream.range(0, 10).mapToObj(i -> "m" + i).toList();
        assertEquals(String.join(", ", ten), NameList.of(ten));
        List<String> many = IntStream.range(0, 5000).mapToObj(i -> "member_" + i).toList();
        String cut = NameList.of(many);
        assertEquals(String.join(", ", many.subList(0, 10)) + " … and 4990 more", cut);
    }

    /** A struct of thousands of members once gave a message of tens of thousands of characters. */
    @Test
    void aFindingAgainstAHugeStructStaysShort() {
        TensorContract extra = new TensorContract(dev.tvmbind.TensorRole.INPUT, "x", "x", "x",
                "byte[]", java.util.Optional.empty(), 1, List.of());
        String text = CheckMessage.TVM_OUTPUT_EXTRA_TENSOR.text(extra.described(), "s",
                NameList.of(IntStream.range(0, 5000).mapToObj(i -> "member_" + i).toList()));
        assertTrue(text.length() < 400 && text.contains("… and 4990 more"), text);
    }
}
