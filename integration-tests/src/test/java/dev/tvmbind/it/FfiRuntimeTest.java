package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.check.testing.TvmFfi;
import dev.tvmbind.check.testing.Wheels;
import dev.tvmbind.runtime.UnreadableLibraryError;
import dev.tvmbind.runtime.ffi.TvmFfiException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The process's one {@code libtvm_ffi}, global: a library TVM-style (no {@code NEEDED} entry for
 * it) loads and raises through it; another {@code libtvm_ffi} named once one runs is refused,
 * naming both.
 */
class FfiRuntimeTest {
    @Test
    void aLibraryThatLinksNoLibtvmFfiCallsTheProcesssOne() throws Exception {
        // A library that links it makes it the process's, global.
        FfiTypesBinding.load(FfiLibraries.of("ffi_types", false));
        Unlinked unlinked = UnlinkedBinding.load(FfiLibraries.unlinked("ffi_unlinked"));
        assertEquals(42, unlinked.twice(21));
        TvmFfiException e = assertThrows(TvmFfiException.class, () -> unlinked.refuse(3));
        assertEquals("ValueError", e.kind());
        assertEquals("refused 3", e.errorMessage());
        assertEquals(8, unlinked.twice(4)); // the JVM lives on
    }

    @Test
    void anotherLibtvmFfiNamedOnceOneRunsIsRefusedNamingBoth() throws Exception {
        Path library = FfiLibraries.of("ffi_types", false);
        FfiTypesBinding.load(library);
        Wheels.Pins other = Wheels.Pins.selected() == Wheels.Pins.CURRENT ? Wheels.Pins.FLOOR
                : Wheels.Pins.CURRENT;
        String before = System.getProperty("tvmbind.tvmFfi");
        System.setProperty("tvmbind.tvmFfi", Wheels.tvmFfi(other).toString());
        try {
            UnreadableLibraryError e = assertThrows(UnreadableLibraryError.class,
                    () -> FfiTypesBinding.load(library));
            Path running = TvmFfi.library().toRealPath();
            Path named = Wheels.tvmFfi(other).resolve("lib/libtvm_ffi.so");
            assertTrue(e.getMessage().startsWith("-Dtvmbind.tvmFfi (or TVMBIND_TVM_FFI) names the"
                    + " libtvm_ffi at " + named + ", but the process runs the one at "),
                    e.getMessage());
            assertTrue(e.getMessage().contains(running.getFileName().toString())
                    && e.getMessage().contains("one libtvm_ffi per process"), e.getMessage());
            // The one that runs, named: loads.
            System.setProperty("tvmbind.tvmFfi", TvmFfi.installed().toString());
            assertEquals(42, FfiTypesBinding.load(library).addInts(40, 2));
        } finally {
            if (before == null) {
                System.clearProperty("tvmbind.tvmFfi");
            } else {
                System.setProperty("tvmbind.tvmFfi", before);
            }
        }
    }
}
