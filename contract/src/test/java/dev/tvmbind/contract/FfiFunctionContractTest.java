package dev.tvmbind.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** What a binding calls an FFI function by reads back as the function it was composed from. */
class FfiFunctionContractTest {
    @Test
    void anExportedAndAGlobalFunctionReadBackFromTheirSymbols() {
        FfiFunctionContract add = new FfiFunctionContract("long add(long a, long b)", "add", false);
        FfiFunctionContract string = new FfiFunctionContract("String text(String s)", "ffi.String",
                true);
        assertEquals("__tvm_ffi_add", add.symbol());
        assertEquals("global:ffi.String", string.symbol());
        assertEquals(add, FfiFunctionContract.of(add.method(), add.symbol()));
        assertEquals(string, FfiFunctionContract.of(string.method(), string.symbol()));
    }

    @Test
    void aSymbolOfNeitherKindIsRefused() {
        for (String symbol : new String[] {"tvmgen_default_run", CNames.FFI_LIBRARY_CONTEXT}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> FfiFunctionContract.of("void f()", symbol));
            assertEquals(symbol + " of void f() is neither an exported function of TVM's FFI"
                    + " nor a global one", e.getMessage());
        }
    }
}
