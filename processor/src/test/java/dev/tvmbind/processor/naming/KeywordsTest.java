package dev.tvmbind.processor.naming;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class KeywordsTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "int | C89 and C++98",
        "register | C89 and C++98",
        "restrict | C99",
        "inline | C99 and C++98",
        "_Atomic | C11",
        "_Generic | C11",
        "typeof | C23",
        "nullptr | C23 and C++11",
        "bool | C23 and C++98",
        "class | C++98",
        "xor_eq | C++98",
        "char16_t | C++11",
        "decltype | C++11",
        "co_await | C++20",
        "requires | C++20",
        "char8_t | C++20",
    })
    void namesTheFirstStandardOfEachLanguage(String keyword, String standards) {
        assertEquals(Optional.of(standards), Keywords.standardsOf(keyword));
    }

    @ParameterizedTest
    @ValueSource(strings = {"input", "default_x", "Int", "final", "override", "module", "import",
        "run", "tvmgen_default_run"})
    void otherNamesAreNotKeywords(String name) {
        assertEquals(Optional.empty(), Keywords.standardsOf(name));
    }
}
