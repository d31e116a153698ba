package dev.tvmbind.check.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * apache/tvm-ffi as users get it: the released wheel's libraries and headers ({@link Wheels}: the
 * pins the tests run on), and, for its own examples only, its sources in {@code shared/tvm-ffi}
 * (or where {@code -Dtvmbind.tvmFfi} points). Where the sources are absent the tests that need
 * them are skipped, saying so (failed where {@code TVMBIND_REQUIRE_FIXTURES} is set, as in CI).
 */
public final class TvmFfi {
    private TvmFfi() {}

    /** tvm-ffi's source tree ({@code shared/tvm-ffi/src}). */
    public static Path sources() {
        Path src = SharedFolder.root("tvm-ffi", "tvmbind.tvmFfi").resolve("src");
        String absent = "apache/tvm-ffi's sources " + src + " are absent; lay shared/ beside the"
                + " repository or point -Dtvmbind.tvmFfi at a copy of shared/tvm-ffi";
        boolean present = Files.isRegularFile(src.resolve("CMakeLists.txt"));
        if (System.getenv("TVMBIND_REQUIRE_FIXTURES") != null) {
            assertTrue(present, absent + " (TVMBIND_REQUIRE_FIXTURES is set)");
        }
        assumeTrue(present, absent + " to run this test");
        return src;
    }

    /**
     * The wheel's {@code tvm_ffi} package: {@code lib/libtvm_ffi.so},
     * {@code lib/libtvm_ffi_testing.so}, {@code include/}.
     */
    public static Path installed() {
        return Wheels.tvmFfi();
    }

    /** The wheel's {@code lib/libtvm_ffi.so}. */
    public static Path library() {
        return installed().resolve("lib/libtvm_ffi.so");
    }
}
