package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tvmbind.runtime.ffi.SchemaMismatchError;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * SPEC §13's load-time check: a library built with {@code -DTVM_FFI_DLL_EXPORT_INCLUDE_METADATA=1}
 * exports each function's type schema, compared with the Java method before any call; without
 * metadata the same interface loads unchecked, and the callee's own check answers at the call.
 */
class FfiSchemaTest {
    @Test
    void anInterfaceThatAgreesWithTheSchemasLoadsAndCalls() throws Exception {
        FfiTypes types = FfiTypesBinding.load(FfiLibraries.of("ffi_types", true));
        assertEquals(42, types.addInts(40, 2));
        assertEquals("hello, schema!", types.greet("schema"));
    }

    @Test
    void aMethodThatDisagreesIsRefusedAtLoadNamingBothSignatures() throws Exception {
        Path library = FfiLibraries.of("ffi_types", true);
        SchemaMismatchError e = assertThrows(SchemaMismatchError.class,
                () -> MismatchedBinding.load(library));
        assertEquals("the library " + library.toAbsolutePath() + " disagrees with"
                + " dev.tvmbind.it.Mismatched: Mismatched.double addInts(double a, double b) does"
                + " not match __tvm_ffi_add_ints: its result is int in TVM's schema [int, int] ->"
                + " int, double in the method; Mismatched.String greet(String name, String other)"
                + " does not match __tvm_ffi_greet: it takes 1 arguments in TVM's schema"
                + " [ffi.String] -> ffi.String, the method 2", e.getMessage());
    }

    @Test
    void withoutMetadataTheSameInterfaceLoadsUncheckedAndTheCalleeAnswers() throws Exception {
        Mismatched unchecked = MismatchedBinding.load(FfiLibraries.of("ffi_types", false));
        assertEquals(3, unchecked.length("abc"));
        dev.tvmbind.runtime.ffi.TvmFfiException e = assertThrows(
                dev.tvmbind.runtime.ffi.TvmFfiException.class, () -> unchecked.addInts(1.5, 2));
        assertEquals("TypeError", e.kind());
    }
}
