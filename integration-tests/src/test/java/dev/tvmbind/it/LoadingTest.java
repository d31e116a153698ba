package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.runtime.MissingSymbolsError;
import dev.tvmbind.runtime.TvmModels;
import dev.tvmbind.runtime.UnreadableLibraryError;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
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
        MissingSymbolsError e = assertThrows(MissingSymbolsError.class,
                () -> PartialBinding.load(NativeLibraries.of("partial")));
        assertEquals("the library lacks tvmgen_partial_missing_one, tvmgen_partial_missing_two;"
                + " implement tvmgen_partial.h (2 of 3 symbols missing)", e.getMessage());
        assertEquals(List.of("tvmgen_partial_missing_one", "tvmgen_partial_missing_two"), e.missing());
        assertEquals("tvmgen_partial.h", e.header());
    }

    /** Twenty missing symbols: ten named, then how many more, on one line. */
    @Test
    void manyMissingSymbolsAreCutAfterTen() {
        MissingSymbolsError e = assertThrows(MissingSymbolsError.class,
                () -> TypesBinding.load(NativeLibraries.of("partial")));
        assertEquals(20, e.missing().size(), "every one, though the message names ten");
        assertTrue(e.getMessage().matches("the library lacks (tvmgen_types_\\w+, ){9}tvmgen_types_\\w+"
                + " … and 10 more; implement tvmgen_types\\.h \\(20 of 20 symbols missing\\).*"),
                e.getMessage());
    }

    @Test
    void missingLibraryNamesThePath() {
        Path nowhere = Path.of("no/such/libmodel.so");
        UnreadableLibraryError e = assertThrows(UnreadableLibraryError.class,
                () -> TypesBinding.load(nowhere));
        assertEquals("cannot load " + nowhere.toAbsolutePath() + ": no such file", e.getMessage());
        assertEquals(nowhere.toAbsolutePath(), e.library());
    }

    @Test
    void fileThatIsNoLibraryNamesThePathAndSaysWhy() {
        Path source = Path.of(System.getProperty("tvmbind.csources"), "types.c");
        UnreadableLibraryError e = assertThrows(UnreadableLibraryError.class,
                () -> TvmModels.load(Types.class, source));
        assertEquals("cannot load " + source.toAbsolutePath() + ": it is not a shared library (it"
                + " does not begin as an ELF, Mach-O or PE file does); build the model's C into one,"
                + " e.g. gcc -shared -fPIC", e.getMessage());
    }

    @Test
    void aDirectoryIsNotReportedAsAMissingFile() {
        Path directory = Path.of(System.getProperty("tvmbind.csources"));
        UnreadableLibraryError e = assertThrows(UnreadableLibraryError.class,
                () -> TypesBinding.load(directory));
        assertEquals("cannot load " + directory.toAbsolutePath() + ": it is a directory; pass the"
                + " shared library file in it", e.getMessage());
    }

    /**
     * Truncated libraries: glibc's loader maps their segments beyond the file's end and faults
     * (SIGBUS kills the JVM); they are refused before dlopen, naming what lies outside the file.
     */
    @Test
    void aTruncatedLibraryIsRefusedBeforeTheLoaderSeesIt(@TempDir Path dir) throws Exception {
        byte[] library = Files.readAllBytes(NativeLibraries.of("types"));
        for (int length : new int[] {64, 5000, library.length / 2, library.length - 1}) {
            Path truncated = Files.write(dir.resolve("libtruncated" + length + ".so"),
                    Arrays.copyOf(library, length));
            UnreadableLibraryError e = assertThrows(UnreadableLibraryError.class,
                    () -> TypesBinding.load(truncated));
            assertTrue(e.getMessage().startsWith("cannot load " + truncated + ": it is truncated or"
                    + " damaged: "), e.getMessage());
            assertTrue(e.getMessage().contains("but the file has " + length + " bytes"), e.getMessage());
            UnreadableLibraryError again = assertThrows(UnreadableLibraryError.class,
                    () -> dev.tvmbind.runtime.TvmLibrary.open(truncated));
            assertEquals(e.getMessage(), again.getMessage());
        }
    }

    /** An ELF file for another machine, or of 32 bits: said so, not glibc's "No such file". */
    @Test
    void aLibraryForAnotherMachineSaysSo(@TempDir Path dir) throws Exception {
        byte[] library = Files.readAllBytes(NativeLibraries.of("types"));
        byte[] arm = library.clone();
        arm[18] = 40; // EM_ARM
        arm[19] = 0;
        Path other = Files.write(dir.resolve("libarm.so"), arm);
        UnreadableLibraryError e = assertThrows(UnreadableLibraryError.class, () -> TypesBinding.load(other));
        assertTrue(e.getMessage().startsWith("cannot load " + other + ": it is built for another"
                + " machine (ELF machine 40; this JVM runs on "), e.getMessage());
        byte[] narrow = library.clone();
        narrow[4] = 1; // ELFCLASS32
        Path bits32 = Files.write(dir.resolve("lib32.so"), narrow);
        assertEquals("cannot load " + bits32 + ": it is a 32-bit ELF file, and this JVM is 64-bit",
                assertThrows(UnreadableLibraryError.class, () -> TypesBinding.load(bits32)).getMessage());
    }

    /** A FIFO would block the loader's open for ever; a device is no library. */
    @Test
    void aFifoOrADeviceIsRefusedAsSuch(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("libfifo.so");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        for (Path notAFile : new Path[] {fifo, Path.of("/dev/zero")}) {
            UnreadableLibraryError e = assertThrows(UnreadableLibraryError.class,
                    () -> TypesBinding.load(notAFile));
            assertEquals("cannot load " + notAFile.toAbsolutePath() + ": it is not a regular file (a"
                    + " FIFO, a device or a socket); pass the shared library file", e.getMessage());
        }
    }

    @Test
    void aLibraryThatExportsNoneOfTheSymbolsProbablyBelongsToAnotherModel() {
        MissingSymbolsError e = assertThrows(MissingSymbolsError.class,
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
