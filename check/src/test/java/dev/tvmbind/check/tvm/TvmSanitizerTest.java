package dev.tvmbind.check.tvm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TvmSanitizerTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "serving_default_x:0 | serving_default_x_0",
        "StatefulPartitionedCall:0 | StatefulPartitionedCall_0",
        "input+1 | input_1",
        "'+_+ ' | ____",
        "input | input",
        "a.b-c/d | a_b_c_d",
        "ünï | _n_",
    })
    void replacesEveryOtherCharacterOneForOne(String name, String expected) {
        assertEquals(expected, TvmSanitizer.sanitize(name));
    }
}
