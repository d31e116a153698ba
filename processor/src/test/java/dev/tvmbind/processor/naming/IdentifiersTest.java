package dev.tvmbind.processor.naming;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class IdentifiersTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "'' | EMPTY",
        "_cat | LEADING_UNDERSCORE",
        "_Cat | LEADING_UNDERSCORE",
        "caté | NON_ASCII",
        "Cat | UPPER_CASE",
        "catSpotter | UPPER_CASE",
        "2d | DIGIT_FIRST",
        "my-model | INVALID_CHARACTER",
        "my model | INVALID_CHARACTER",
        "a$b | INVALID_CHARACTER",
        "my__model | DOUBLE_UNDERSCORE",
        "model_ | TRAILING_UNDERSCORE",
    })
    void refusesParts(String name, NameFault fault) {
        assertEquals(Optional.of(fault), Identifiers.checkPart(name));
    }

    @ParameterizedTest
    @ValueSource(strings = {"tvmgen", "a", "default", "ultimate_cat_spotter", "model2_d", "x9"})
    void acceptsParts(String name) {
        assertEquals(Optional.empty(), Identifiers.checkPart(name));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "_Input | UNDERSCORE_UPPER",
        "a__b | DOUBLE_UNDERSCORE",
        "0input | DIGIT_FIRST",
        "größe | NON_ASCII",
        "$x | INVALID_CHARACTER",
        "'' | EMPTY",
        "a\u0080 | NON_ASCII",
        "a\u007f | INVALID_CHARACTER",
    })
    void refusesLocals(String name, NameFault fault) {
        assertEquals(Optional.of(fault), Identifiers.checkLocal(name));
    }

    @ParameterizedTest
    @ValueSource(strings = {"StatefulPartitionedCall_0", "_x", "input_", "X", "_"})
    void acceptsLocalsThatAreNotAtFileScope(String name) {
        assertEquals(Optional.empty(), Identifiers.checkLocal(name));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "_cat | cat",
        "Cat | cat",
        "MyModel | my_model",
        "my__model | my_model",
        "model_ | model",
        "my-model | my_model",
        "2d | n2d",
    })
    void suggestsTheNearestValidPart(String name, String suggestion) {
        assertEquals(Optional.of(suggestion), Identifiers.suggestPart(name));
    }

    @ParameterizedTest
    @ValueSource(strings = {"_", "__", "-"})
    void suggestsNothingWhenNothingIsLeft(String name) {
        assertEquals(Optional.empty(), Identifiers.suggestPart(name));
    }

    @org.junit.jupiter.api.Test
    void everyFaultNamesItsRule() {
        for (NameFault fault : NameFault.values()) {
            org.junit.jupiter.api.Assertions.assertTrue(fault.rule().length() > 10, fault.name());
        }
    }
}
