package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * One failure policy for tvm-ffi's C API: a binding's load asks its runtime for what its declared
 * types need, and one error names what is missing; what no declared type needs stays optional.
 * In a JVM of its own: the library is its own {@code libtvm_ffi}, one a process.
 */
class FfiCApiTest {
    @Test
    void aRuntimeLackingWhatTheTypesNeedIsRefusedAtLoadAndOnlyThen() throws Exception {
        Path library = NativeLibraries.of("partial_runtime").toAbsolutePath();
        String output = ChildJvm.run(List.of(ChildJvm.java(), "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), Loads.class.getName(),
                library.toString()), Map.of(), List.of("TVMBIND_TVM_FFI"));
        assertEquals(List.of("seven: 7",
                "MissingSymbolsError: dev.tvmbind.it.PartialRuntime over the library " + library
                        + " needs TVMFFIBytesFromByteArray (for ffi.Bytes) of tvm-ffi's C API,"
                        + " which the libtvm_ffi it runs with lacks: use apache-tvm-ffi 0.1.14 or"
                        + " later",
                "missing: [TVMFFIBytesFromByteArray]"), output.lines().toList(), output);
    }

    /** Loads the interface that needs little, calls it, then the one that needs bytes. */
    static final class Loads {
        public static void main(String[] args) {
            Path library = Path.of(args[0]);
            System.out.println("seven: " + PartialRuntime_EnoughBinding.load(library).seven());
            try {
                PartialRuntimeBinding.load(library);
                System.out.println("loaded");
            } catch (dev.tvmbind.runtime.MissingSymbolsError e) {
                System.out.println("MissingSymbolsError: " + e.getMessage());
                System.out.println("missing: " + e.missing());
            }
        }
    }
}
