package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.TvmModels;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Loading: from a path or a lookup, directly or through TvmModels, and every way it can fail. */
class LoadingTest {
    @Test
    void tvmModelsFindsTopLevelAndNestedBindings() {
        assertInstanceOf(TypesBinding.class, TvmModels.load(Types.class, NativeLibraries.of("types")));
        assertInstanceOf(Outer_CheckedBinding.class,
                TvmModels.load(Outer.Checked.class, NativeLibraries.of("checked")));
    }

    @Test
    @SuppressWarnings("restricted")
    void loadFromASymbolLookup() {
        try (Arena arena = Arena.ofConfined()) {
            SymbolLookup lookup = SymbolLookup.libraryLookup(NativeLibraries.of("partial"), arena);
            Partial partial = TvmModels.load(Partial.class, lookup.or(name ->
                    SymbolLookup.libraryLookup(NativeLibraries.of("types"), arena).find(
                            name.replace("tvmgen_partial_missing_one", "tvmgen_types_calls")
                                .replace("tvmgen_partial_missing_two", "tvmgen_types_reset_calls"))));
            assertEquals(42, partial.present());
        }
    }

    @Test
    void missingSymbolsAreListedTogether() {
        UnsatisfiedLinkError e = assertThrows(UnsatisfiedLinkError.class,
                () -> PartialBinding.load(NativeLibraries.of("partial")));
        assertEquals("the library lacks tvmgen_partial_missing_one, tvmgen_partial_missing_two;"
                + " implement tvmgen_partial.h (2 of 3 symbols missing)", e.getMessage());
    }

    @Test
    void missingLibraryNamesThePath() {
        Path nowhere = Path.of("no/such/libmodel.so");
        UnsatisfiedLinkError e = assertThrows(UnsatisfiedLinkError.class,
                () -> TypesBinding.load(nowhere));
        assertEquals("cannot load " + nowhere.toAbsolutePath() + ": no such file", e.getMessage());
    }

    @Test
    void fileThatIsNoLibraryNamesThePath() {
        Path source = Path.of(System.getProperty("tvmbind.csources"), "types.c");
        UnsatisfiedLinkError e = assertThrows(UnsatisfiedLinkError.class,
                () -> TvmModels.load(Types.class, source));
        assertTrue(e.getMessage().startsWith("cannot load " + source.toAbsolutePath() + ": "),
                e.getMessage());
    }

    @Test
    void tvmModelsRefusesAnInterfaceWithoutBinding() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TvmModels.load(Runnable.class, NativeLibraries.of("types")));
        assertTrue(e.getMessage().startsWith("no generated binding java.lang.RunnableBinding for"
                + " java.lang.Runnable"), e.getMessage());
    }
}
