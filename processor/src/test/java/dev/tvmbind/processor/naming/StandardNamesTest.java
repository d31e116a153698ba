package dev.tvmbind.processor.naming;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StandardNamesTest {
    @ParameterizedTest
    @ValueSource(strings = {"int8_t", "uint64_t", "int_least16_t", "uint_fast32_t", "intptr_t",
        "uintmax_t", "INT32_MAX", "UINT8_MAX", "INT_LEAST8_MIN", "INTMAX_MAX", "UINT64_C",
        "SIZE_MAX", "PTRDIFF_MIN"})
    void stdintNames(String name) {
        assertEquals(Optional.of("<stdint.h>"), StandardNames.headerOf(name));
    }

    @ParameterizedTest
    @ValueSource(strings = {"NULL", "errno", "assert", "stdin", "I"})
    void libraryMacros(String name) {
        assertEquals(Optional.of("the C standard library"), StandardNames.headerOf(name));
    }

    @ParameterizedTest
    @ValueSource(strings = {"bool", "true", "false", "alignas", "static_assert", "thread_local"})
    void macrosThatAreKeywordsAreLeftToTheKeywordRule(String name) {
        assertEquals(Optional.empty(), StandardNames.headerOf(name));
        assertTrue(Keywords.standardsOf(name).isPresent(), name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"int", "int128_t", "int32", "size", "input", "i", "null"})
    void otherNames(String name) {
        assertEquals(Optional.empty(), StandardNames.headerOf(name));
    }
}
