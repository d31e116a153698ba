package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tvmbind.runtime.UnreadableLibraryError;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The handshake with {@code libtvm_ffi}: a runtime reporting a C ABI other than 0.1 is refused
 * before any of its functions is called, naming the library, the version and the tested range
 * (the wheels' own, 0.1.14 and 0.1.16, load in every FFI test).
 */
class FfiVersionTest {
    @Test
    void aRuntimeOfAnotherAbiIsRefusedNamingItsVersion() {
        Path library = NativeLibraries.of("fake_abi");
        UnreadableLibraryError e = assertThrows(UnreadableLibraryError.class,
                () -> FakeAbiBinding.load(library));
        assertEquals("cannot load the library " + library.toAbsolutePath() + ": it links"
                + " libtvm_ffi of C ABI 0.2.0, and tvmbind reads tvm-ffi's C ABI 0.1 (tested with"
                + " 0.1.14 to 0.1.16); install apache-tvm-ffi 0.1.x, or set -Dtvmbind.ffi.abi=0.2"
                + " to load it anyway", e.getMessage());
        assertEquals(library.toAbsolutePath(), e.library());
    }
}
