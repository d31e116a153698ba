package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.runtime.TvmModels;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loading: from a path or a lookup, directly or through TvmModels, and every way it can fail. */
class LoadingTest {
    @Test
    void tvmModelsFindsTopLevelAndNestedBindings() {
        assertLinkedClassOf(TypesBinding.class, TvmModels.load(Types.class, NativeLibraries.of("types")));
        assertLinkedClassOf(Outer_CheckedBinding.class,
                TvmModels.load(Outer.Checked.class, NativeLibraries.of("checked")));
    }

    @Test
    void anotherLibraryGetsAHiddenCopyOfTheLinkedClass() throws Exception {
        Types first = TypesBinding.load(NativeLibraries.of("types"));
        java.nio.file.Path copy = java.nio.file.Files.copy(NativeLibraries.of("types"),
                NativeLibraries.of("types").resolveSibling("libtypes-copy.so"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Types second = TypesBinding.load(copy);
        assertLinkedClassOf(TypesBinding.class, first);
        assertTrue(first.getClass() != second.getClass(), "one class per library");
        assertTrue(second.getClass().isHidden(), "the first library has the named class");
        assertEquals(first.getClass(), TypesBinding.load(NativeLibraries.of("types")).getClass(),
                "the same library, the same class");
        first.resetCalls();
        second.resetCalls();
        first.negateInt(1);
        first.negateInt(2);
        second.negateInt(3);
        assertEquals(2, first.calls(), "each copy calls its own library");
        assertEquals(1, second.calls());
    }

    /** The binding's class {@code Linked}, or a hidden copy of it (another library came first). */
    private static void assertLinkedClassOf(Class<?> binding, Object loaded) {
        String name = loaded.getClass().getName();
        String linked = binding.getName() + "$Linked";
        assertTrue(name.equals(linked) || loaded.getClass().isHidden() && name.startsWith(linked + "/"),
                name);
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
    void fileThatIsNoLibraryNamesThePathAndSaysWhy() {
        Path source = Path.of(System.getProperty("tvmbind.csources"), "types.c");
        UnsatisfiedLinkError e = assertThrows(UnsatisfiedLinkError.class,
                () -> TvmModels.load(Types.class, source));
        assertEquals("cannot load " + source.toAbsolutePath() + ": it is not a shared library (it"
                + " does not begin as an ELF, Mach-O or PE file does); build the model's C into one,"
                + " e.g. gcc -shared -fPIC", e.getMessage());
    }

    @Test
    void aDirectoryIsNotReportedAsAMissingFile() {
        Path directory = Path.of(System.getProperty("tvmbind.csources"));
        UnsatisfiedLinkError e = assertThrows(UnsatisfiedLinkError.class,
                () -> TypesBinding.load(directory));
        assertEquals("cannot load " + directory.toAbsolutePath() + ": it is a directory; pass the"
                + " shared library file in it", e.getMessage());
    }

    @Test
    void aLibraryTheLoaderRefusesGivesTheLoadersReason(@TempDir Path dir) throws Exception {
        // An ELF file cut short: it looks like a library, and the loader says what is wrong.
        byte[] library = Files.readAllBytes(NativeLibraries.of("types"));
        Path truncated = Files.write(dir.resolve("libtruncated.so"), Arrays.copyOf(library, 64));
        UnsatisfiedLinkError e = assertThrows(UnsatisfiedLinkError.class,
                () -> TypesBinding.load(truncated));
        assertTrue(e.getMessage().startsWith("cannot load " + truncated + ": the dynamic loader"
                + " refused it: "), e.getMessage());
    }

    @Test
    void aLibraryThatExportsNoneOfTheSymbolsProbablyBelongsToAnotherModel() {
        UnsatisfiedLinkError e = assertThrows(UnsatisfiedLinkError.class,
                () -> PartialBinding.load(NativeLibraries.of("types")));
        assertTrue(e.getMessage().endsWith("(3 of 3 symbols missing); it exports none of them: is it"
                + " another model's library, or built for another prefix or model name than"
                + " tvmgen_partial?"), e.getMessage());
    }

    @Test
    void tvmModelsRefusesAnInterfaceWithoutBinding() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TvmModels.load(Runnable.class, NativeLibraries.of("types")));
        assertTrue(e.getMessage().startsWith("no generated binding java.lang.RunnableBinding for"
                + " java.lang.Runnable"), e.getMessage());
    }
}
