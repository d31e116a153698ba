package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.runtime.UnreadableLibraryError;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A library that carries {@code __tvm_ffi__library_ctx} (as TVM's {@code export_library} writes
 * them) is loaded through {@code ffi.ModuleLoadFromFile}, which sets its context, so the calls it
 * makes through the context find their functions; handed over as a lookup with the context unset,
 * it is refused at load instead of crashing at its first such call.
 */
class FfiModuleTest {
    @Test
    void aLibraryTvmExportedHasItsContextSetAndCallsThroughIt() throws Exception {
        ExportedModule module = ExportedModuleBinding.load(FfiLibraries.of("ffi_module", false));
        assertTrue(module.contextSet());
        assertEquals(26, module.lengthThroughContext("found through the context"
                + "!"));
    }

    @Test
    void aBundledModuleWithoutItsLoaderIsSaidAtLoad() throws Exception {
        Path library = FfiLibraries.of("ffi_bundled", false);
        UnreadableLibraryError e = assertThrows(UnreadableLibraryError.class,
                () -> BundledBinding.load(library));
        assertTrue(e.getMessage().startsWith("the library " + library.toAbsolutePath()
                + " carries __tvm_ffi__library_ctx, so it is loaded through"
                + " ffi.ModuleLoadFromFile, which failed: RuntimeError: "), e.getMessage());
        assertTrue(e.getMessage().contains("ffi.Module.load_from_bytes.cuda"), e.getMessage());
        assertTrue(e.getMessage().endsWith("(bundled modules need the loaders libtvm_runtime"
                + " registers)"), e.getMessage());
    }

    @Test
    @SuppressWarnings("restricted")
    void aLookupWhoseContextNobodySetIsRefused() throws Exception {
        // Its own copy: a file dlopen has not seen, so no earlier load set its context.
        Path library = FfiLibraries.of("ffi_module", true);
        SymbolLookup lookup = SymbolLookup.libraryLookup(library, Arena.ofAuto());
        UnsatisfiedLinkError e = assertThrows(UnsatisfiedLinkError.class,
                () -> ExportedModuleBinding.load(lookup));
        assertEquals("the lookup's library carries __tvm_ffi__library_ctx, which only"
                + " ffi.ModuleLoadFromFile sets: load it with ExportedModuleBinding.load(Path)",
                e.getMessage());
    }
}
