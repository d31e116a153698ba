package dev.tvmbind.check.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * apache/tvm-ffi, built from its sources in {@code shared/tvm-ffi} (or where
 * {@code -Dtvmbind.tvmFfi} points) with CMake in its default configuration, once: the build is
 * kept in a cache ({@code ~/.cache/tvmbind/tvm-ffi/<hash of the sources>}, or
 * {@code -Dtvmbind.tvmFfiCache}) and reused while the sources are the same. Where the sources are
 * absent the tests that need them are skipped, saying so (failed where
 * {@code TVMBIND_REQUIRE_FIXTURES} is set, as in CI).
 */
public final class TvmFfi {
    private TvmFfi() {}

    /** How long a build may take: about 3 minutes on 2 cores. */
    private static final long BUILD_MINUTES = 30;

    private static Path installed;

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
     * The installed build: {@code lib/libtvm_ffi.so}, {@code lib/libtvm_ffi_testing.so},
     * {@code include/}. Built on first use, then reused.
     */
    public static synchronized Path installed() {
        if (installed != null) {
            return installed;
        }
        Path src = sources();
        String cacheRoot = System.getProperty("tvmbind.tvmFfiCache");
        Path cache = (cacheRoot != null ? Path.of(cacheRoot)
                : Path.of(System.getProperty("user.home"), ".cache", "tvmbind", "tvm-ffi"))
                .resolve(hash(src));
        Path install = cache.resolve("install");
        try {
            Files.createDirectories(cache);
            try (FileChannel channel = FileChannel.open(cache.resolve("lock"),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock lock = channel.lock()) {
                if (!Files.isRegularFile(cache.resolve("done"))) {
                    build(src, cache, install);
                    Files.writeString(cache.resolve("done"), src.toString());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        installed = install;
        return install;
    }

    /** {@code lib/libtvm_ffi.so} of the build. */
    public static Path library() {
        return installed().resolve("lib/libtvm_ffi.so");
    }

    private static void build(Path src, Path cache, Path install) throws IOException {
        Path build = cache.resolve("build");
        Path log = cache.resolve("build.log");
        Files.deleteIfExists(log);
        List<String> configure = new ArrayList<>(List.of("cmake", "-S", src.toString(), "-B",
                build.toString(), "-DCMAKE_BUILD_TYPE=Release",
                "-DCMAKE_INSTALL_PREFIX=" + install));
        if (onPath("ninja")) {
            configure.addAll(List.of("-G", "Ninja"));
        }
        run(configure, log);
        run(List.of("cmake", "--build", build.toString(), "-j",
                String.valueOf(Runtime.getRuntime().availableProcessors()), "--target", "install"),
                log);
    }

    private static boolean onPath(String command) {
        String path = System.getenv("PATH");
        return path != null && Stream.of(path.split(java.io.File.pathSeparator))
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, command)));
    }

    private static void run(List<String> command, Path log) throws IOException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        try {
            if (!process.waitFor(BUILD_MINUTES, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IllegalStateException(command + " took more than " + BUILD_MINUTES
                        + " minutes; see " + log);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        if (process.exitValue() != 0) {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            throw new IllegalStateException(command + " failed (exit " + process.exitValue()
                    + "; cmake, g++ and make are needed); the end of " + log + ":\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size())));
        }
    }

    /** The sources' content, so that a changed tree is built again. */
    private static String hash(Path src) {
        try (Stream<Path> files = Files.walk(src)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                digest.update(src.relativize(file).toString().getBytes(StandardCharsets.UTF_8));
                digest.update(Files.readAllBytes(file));
            }
            return HexFormat.of().formatHex(digest.digest()).substring(0, 16);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
