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
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The released wheels users install, as the build's own dependency: a Python virtual environment
 * of the pins in {@code python/requirements-*.txt} (every package with its sha256, installed with
 * {@code pip --require-hashes}), made once and kept in a cache keyed by the pins and the Python
 * version ({@code ~/.cache/tvmbind/wheels/<key>}, or under {@code -Dtvmbind.wheelsCache}). It is
 * made in a temporary directory and renamed into place only when pip succeeded, under a lock that
 * two builds share, and reused without the registry once made. {@code -Dtvmbind.wheels=DIR} uses
 * another environment instead (checked: its libraries must be there).
 *
 * <p>Without {@code python3} or the registry (and no cache), the tests that need the wheels are
 * skipped, saying which and how to enable them; with {@code TVMBIND_REQUIRE_FIXTURES} set, as in
 * CI, they fail instead.
 */
public final class Wheels {
    private Wheels() {}

    /** A set of pins: the file that holds them. */
    public enum Pins {
        /** apache-tvm 0.27.0.post1 with apache-tvm-ffi 0.1.15.post2 (C ABI 0.1.16). */
        CURRENT("requirements-tvm.txt"),
        /** apache-tvm-ffi 0.1.14.post0 alone, apache-tvm 0.27's floor (C ABI 0.1.14). */
        FLOOR("requirements-tvm-ffi-floor.txt");

        private final String file;

        Pins(String file) {
            this.file = file;
        }

        /** The pins tests run on: {@code -Dtvmbind.wheels.pins=floor}, else the current ones. */
        public static Pins selected() {
            return valueOf(System.getProperty("tvmbind.wheels.pins", "current")
                    .toUpperCase(Locale.ROOT));
        }
    }

    /** How long pip may take: about 9 seconds here. */
    private static final long INSTALL_MINUTES = 15;

    private static final Map<Pins, Path> MADE = new EnumMap<>(Pins.class);

    /**
     * For builds outside the tests (the examples' {@code run-examples}, the Relax user build):
     * writes to the file {@code args[0]} the current pins' {@code sitePackages} and {@code python},
     * the environment made first if need be, or {@code skipped} saying why the wheels cannot be
     * had (under {@code TVMBIND_REQUIRE_FIXTURES}, it fails instead), as {@code .properties}.
     */
    public static void main(String[] args) throws IOException {
        java.util.Properties said = new java.util.Properties();
        try {
            Path environment = environment(Pins.CURRENT);
            said.setProperty("sitePackages", sitePackages(environment).toString());
            said.setProperty("python", python(environment).toString());
        } catch (org.opentest4j.TestAbortedException e) {
            said.setProperty("skipped", e.getMessage().replaceFirst("^Assumption failed: ", ""));
        }
        Path file = Path.of(args[0]).toAbsolutePath();
        Files.createDirectories(file.getParent());
        try (var out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            said.store(out, "the pinned wheels (dev.tvmbind.check.testing.Wheels)");
        }
    }

    /** The environment of the selected pins ({@link Pins#selected}). */
    public static Path environment() {
        return environment(Pins.selected());
    }

    /** The environment of {@code pins}: a virtual environment's root. */
    public static synchronized Path environment(Pins pins) {
        Path made = MADE.get(pins);
        if (made != null) {
            return made;
        }
        String given = System.getProperty("tvmbind.wheels");
        Path environment = given != null ? checked(Path.of(given).toAbsolutePath()) : cached(pins);
        MADE.put(pins, environment);
        return environment;
    }

    /** apache-tvm-ffi's package directory in the environment: {@code lib/}, {@code include/}. */
    public static Path tvmFfi() {
        return tvmFfi(Pins.selected());
    }

    /** apache-tvm-ffi's package directory in the environment of {@code pins}. */
    public static Path tvmFfi(Pins pins) {
        return sitePackages(environment(pins)).resolve("tvm_ffi");
    }

    /** apache-tvm's package directory in the environment (the current pins only). */
    public static Path tvm() {
        return sitePackages(environment(Pins.CURRENT)).resolve("tvm");
    }

    /** The environment's Python. */
    public static Path python(Path environment) {
        return environment.resolve("bin/python");
    }

    private static Path sitePackages(Path environment) {
        try (Stream<Path> versions = Files.list(environment.resolve("lib"))) {
            return versions.filter(p -> p.getFileName().toString().startsWith("python"))
                    .map(p -> p.resolve("site-packages")).filter(Files::isDirectory).findFirst()
                    .orElseThrow(() -> new IllegalStateException(environment
                            + " has no lib/python*/site-packages"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An environment the user named: its libtvm_ffi must be there. */
    private static Path checked(Path environment) {
        Path library = sitePackages(environment).resolve("tvm_ffi/lib/libtvm_ffi.so");
        if (!Files.isRegularFile(library)) {
            throw new IllegalStateException("-Dtvmbind.wheels=" + environment + " has no "
                    + library + ": point it at a virtual environment with apache-tvm-ffi");
        }
        return environment;
    }

    private static Path cached(Pins pins) {
        Path requirements = requirements(pins);
        String python = pythonVersion();
        Path root = cacheRoot();
        Path environment = root.resolve(key(requirements, python));
        try {
            Files.createDirectories(root);
            try (FileChannel channel = FileChannel.open(root.resolve("lock"),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock lock = channel.lock()) {
                if (!Files.isDirectory(environment)) {
                    make(requirements, environment);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return environment;
    }

    /** A new environment in a temporary directory, renamed into place once pip succeeded. */
    private static void make(Path requirements, Path environment) throws IOException {
        Path temporary = Files.createTempDirectory(environment.getParent(), "making-");
        Path log = environment.getParent().resolve(environment.getFileName() + ".log");
        try {
            require(run(List.of("python3", "-m", "venv", temporary.toString()), log),
                    "python3 cannot make a virtual environment (Debian: apt-get install"
                    + " python3-venv); see " + log);
            boolean installed = run(List.of(python(temporary).toString(), "-m", "pip", "install",
                    "--no-deps", "--require-hashes", "--disable-pip-version-check",
                    "--no-input", "-r", requirements.toString()), log);
            String cannot = "cannot install the pinned wheels (" + requirements + ": is the"
                    + " package registry reachable?); see " + log;
            require(installed, cannot);
            Files.move(temporary, environment, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            delete(temporary);
        }
    }

    /** The pins' file: {@code python/} of the repository. */
    private static Path requirements(Pins pins) {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path file = dir.resolve("python").resolve(pins.file);
            if (Files.isRegularFile(file)) {
                return file;
            }
        }
        throw new IllegalStateException("no python/" + pins.file + " above "
                + Path.of("").toAbsolutePath());
    }

    private static String pythonVersion() {
        try {
            Process process = new ProcessBuilder("python3", "-c",
                    "import sys; print('%d.%d' % sys.version_info[:2])").redirectErrorStream(true)
                    .start();
            String version = new String(process.getInputStream().readAllBytes(),
                    StandardCharsets.UTF_8).strip();
            require(process.waitFor(1, TimeUnit.MINUTES) && process.exitValue() == 0,
                    "python3 does not run: " + version);
            return version;
        } catch (IOException e) {
            require(false, "python3 is not on the PATH (" + e.getMessage() + ")");
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Skips the test, naming why and how to enable it (README, "Testing with the wheels"), or
     * fails it under {@code TVMBIND_REQUIRE_FIXTURES}.
     */
    private static void require(boolean condition, String why) {
        String message = "the pinned wheels are needed: " + why + " (README: Testing with the"
                + " wheels)";
        if (System.getenv("TVMBIND_REQUIRE_FIXTURES") != null) {
            assertTrue(condition, message + "; TVMBIND_REQUIRE_FIXTURES is set");
        }
        assumeTrue(condition, message);
    }

    private static Path cacheRoot() {
        String given = System.getProperty("tvmbind.wheelsCache");
        return given != null ? Path.of(given)
                : Path.of(System.getProperty("user.home"), ".cache", "tvmbind", "wheels");
    }

    /** The pins' text and the Python version: what the environment is made of. */
    private static String key(Path requirements, String python) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(Files.readAllBytes(requirements));
            digest.update(python.getBytes(StandardCharsets.UTF_8));
            return "py" + python + "-" + HexFormat.of().formatHex(digest.digest()).substring(0, 16);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean run(List<String> command, Path log) throws IOException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        try {
            if (!process.waitFor(INSTALL_MINUTES, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                return false;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return process.exitValue() == 0;
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        }
    }
}
