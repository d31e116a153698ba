package dev.tvmbind.processor.generate.java;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tvmbind.processor.TvmBindProcessor;
import org.junit.jupiter.api.Test;

/** {@code @Generated}'s value, written out in the generators, names the processor as it is. */
class GeneratedValueTest {
    @Test
    void theValueIsTheProcessorsName() {
        assertEquals(TvmBindProcessor.class.getName(), BindingWriter.PROCESSOR);
    }
}
