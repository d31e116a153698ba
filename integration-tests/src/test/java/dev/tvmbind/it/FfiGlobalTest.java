package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.check.testing.TvmFfi;
import dev.tvmbind.runtime.MissingSymbolsError;
import dev.tvmbind.runtime.ffi.TvmFfiException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code @Global}: functions of TVM's global registry, found by name once the library that
 * registers them is loaded ({@code libtvm_ffi_testing}, the pinned wheel's), and called through
 * the function object the registry holds.
 */
class FfiGlobalTest {
    private static Path testing() {
        return TvmFfi.installed().resolve("lib/libtvm_ffi_testing.so");
    }

    @Test
    void registeredFunctionsAreCalledByName() {
        Registry registry = RegistryBinding.load(testing());
        assertEquals(42, registry.addOne(41));
        String longer = "a string longer than a small string holds";
        assertEquals(longer, registry.string(longer));
        TvmFfiException e = assertThrows(TvmFfiException.class,
                () -> registry.raise("ValueError", "raised by name"));
        assertEquals("ValueError", e.kind());
        assertEquals("raised by name", e.errorMessage());
        // No schema is exported for a global function: each loads unchecked, and says so.
        assertTrue(RegistryBinding.functions(registry).stream().noneMatch(f -> f.checked()));
        assertEquals("global:testing.add_one", RegistryBinding.INFO.getFirst().symbol());
    }

    @Test
    void aFunctionNobodyRegistersIsListedAtLoad() {
        // The fixture outside the lambda: its skip on a plain clone must not become a failure.
        Path testing = testing();
        MissingSymbolsError e = assertThrows(MissingSymbolsError.class,
                () -> UnregisteredBinding.load(testing));
        assertEquals(List.of("global:no.such.function"), e.missing());
    }
}
