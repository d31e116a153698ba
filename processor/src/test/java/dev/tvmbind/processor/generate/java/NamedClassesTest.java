package dev.tvmbind.processor.generate.java;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** A binding that imports a class BindingTypes does not list is refused as tvmbind's bug. */
class NamedClassesTest {
    private static final String SOURCE = """
            package app;

            import app.Model;
            import java.lang.foreign.Linker;
            import java.util.List;

            public final class ModelBinding {}
            """;

    @Test
    void listedClassesAndTheTopLevelOfANestedOnePass() {
        assertDoesNotThrow(() -> NamedClasses.verify(SOURCE,
                Set.of(BindingTypes.LIST, BindingTypes.LINKER_OPTION), "app.Model"));
    }

    @Test
    void anImportTheListLacksIsAnError() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> NamedClasses.verify(SOURCE, Set.of(BindingTypes.LINKER_OPTION), "app.Model"));
        assertTrue(e.getMessage().contains("[java.util.List]"), e.getMessage());
    }
}
