package dev.tvmbind.processor.naming;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SnakeCaseTest {
    @ParameterizedTest
    @CsvSource({
        "UltimateCatSpotter, ultimate_cat_spotter",
        "MNISTClassifier, mnist_classifier",
        "getHTTPStatus, get_http_status",
        "setInput, set_input",
        "set_input, set_input",
        "utf8Len, utf8_len",
        "model2D, model2_d",
        "run, run",
        "Run, run",
        "HTTP, http",
        "aB, a_b",
        "ABc, a_bc",
        "x2y, x2y",
        "getX, get_x",
        "set_Input, set_input",
        "_private, _private",
        "fizzBuzz, fizz_buzz",
        "aZ, a_z",
    })
    void snakeCases(String javaName, String expected) {
        assertEquals(expected, SnakeCase.of(javaName));
    }

    @ParameterizedTest
    @CsvSource({"Größe, größe", "ÄpfelZahl, Äpfel_zahl"})
    void onlyAsciiLettersChangeCase(String javaName, String expected) {
        assertEquals(expected, SnakeCase.of(javaName));
    }
}
