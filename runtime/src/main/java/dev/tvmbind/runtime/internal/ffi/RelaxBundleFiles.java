package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.contract.Platform;
import dev.tvmbind.contract.RelaxBundleManifest;
import dev.tvmbind.runtime.internal.PrivateTempDir;
import dev.tvmbind.runtime.internal.shared.PublicTypes;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A Relax bundle taken out of the class path ({@code native/<platform>/relax/<name>/}, the Maven
 * plugin's {@code relax-bundle} goal): the machine checked against what the libraries need, TVM's
 * runtime copied once per JVM into one private folder (so {@code $ORIGIN} finds its {@code
 * libtvm_ffi}) and handed to {@link RelaxRuntime}, which deletes it once loaded; the model copied
 * afresh for each load, deleted by the load that reads it. Every file is streamed and checked
 * against the list's sha256 and size before anything loads it.
 */
public final class RelaxBundleFiles {
    private RelaxBundleFiles() {}

    /** Each bundle's runtime folder, by the runtime's files' hashes: made once. */
    private static final Map<String, Path> RUNTIMES = new ConcurrentHashMap<>();
    /** Model copies not loaded yet: {@link RelaxLibrary#load} deletes one once it read it. */
    private static final Set<Path> SINGLE_USE = ConcurrentHashMap.newKeySet();

    /**
     * Takes bundle {@code name} out of {@code loader}'s class path.
     *
     * @return a private copy of the model, deleted by the load that reads it
     * @throws IllegalArgumentException for a name no bundle can have (a path)
     * @throws dev.tvmbind.runtime.UnreadableLibraryError naming the jar entry: no such bundle
     *     for this platform, a machine or glibc the libraries do not run on, a file whose bytes
     *     are not the list's
     */
    public static Path extract(String name, ClassLoader loader) {
        if (!RelaxBundleManifest.isName(name)) {
            throw new IllegalArgumentException("'" + name + "' is not a bundle's name (letters,"
                    + " digits, . _ -; the relax-bundle goal's name)");
        }
        String folder = RelaxBundleManifest.folder(Platform.current(), name);
        URL list = loader.getResource(folder + RelaxBundleManifest.FILE);
        if (list == null) {
            List<String> held = Platform.KNOWN.stream().filter(p -> loader.getResource(
                    RelaxBundleManifest.folder(p, name) + RelaxBundleManifest.FILE) != null).toList();
            throw PublicTypes.unreadable("the class path has no Relax bundle " + folder + " for this"
                    + " platform (" + Platform.current() + "); it has one for " + (held.isEmpty()
                            ? "no platform" : String.join(", ", held)) + ": tvmbind-maven-plugin's"
                            + " relax-bundle goal makes it on the platform Maven runs on",
                    Path.of(folder));
        }
        RelaxBundleManifest manifest;
        try (InputStream in = list.openStream()) {
            manifest = RelaxBundleManifest.parse(new String(in.readNBytes(1 << 20),
                    StandardCharsets.UTF_8));
        } catch (IOException | IllegalArgumentException e) {
            throw PublicTypes.unreadable("cannot read " + folder + RelaxBundleManifest.FILE + ": "
                    + e.getMessage(), Path.of(folder));
        }
        requireMachine(folder, manifest);
        String key = String.join(",", RelaxBundleManifest.RUNTIME.stream()
                .filter(manifest.files()::containsKey)
                .map(f -> manifest.files().get(f).sha256()).toList());
        Path runtime = RUNTIMES.computeIfAbsent(key, k -> runtime(loader, folder, manifest));
        RelaxRuntime.bundled(runtime.resolve(RelaxBundleManifest.RUNTIME.get(1)));
        try {
            Path model = Files.createTempFile(PrivateTempDir.get(), "", "-"
                    + RelaxBundleManifest.MODEL);
            copy(loader, folder, RelaxBundleManifest.MODEL, manifest, model);
            SINGLE_USE.add(model);
            return model;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy " + folder + RelaxBundleManifest.MODEL, e);
        }
    }

    /** After a load read {@code file}: a bundle's copy of a model is deleted. */
    static void loaded(Path file) {
        if (SINGLE_USE.remove(file)) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // The private folder goes when the JVM exits.
            }
        }
    }

    private static Path runtime(ClassLoader loader, String folder, RelaxBundleManifest manifest) {
        try {
            Path dir = Files.createTempDirectory(PrivateTempDir.get(), "relax-");
            for (String file : RelaxBundleManifest.RUNTIME) {
                if (manifest.files().containsKey(file)) {
                    copy(loader, folder, file, manifest, Files.createFile(dir.resolve(file)));
                }
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy TVM's runtime out of " + folder, e);
        }
    }

    /** Streams the entry to {@code target}, checking its size and sha256 against the list. */
    private static void copy(ClassLoader loader, String folder, String file,
            RelaxBundleManifest manifest, Path target) throws IOException {
        URL entry = loader.getResource(folder + file);
        RelaxBundleManifest.Entry expected = manifest.files().get(file);
        if (entry == null) {
            throw PublicTypes.unreadable("the class path has " + folder + RelaxBundleManifest.FILE
                    + " but not " + folder + file + ", which it lists", Path.of(folder + file));
        }
        MessageDigest sha = sha256();
        long size;
        try (InputStream in = entry.openStream();
                OutputStream out = new DigestOutputStream(Files.newOutputStream(target,
                        StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING), sha)) {
            size = in.transferTo(out);
        }
        String found = HexFormat.of().formatHex(sha.digest());
        if (size != expected.size() || !found.equals(expected.sha256())) {
            Files.deleteIfExists(target);
            throw PublicTypes.unreadable(folder + file + " is not the file the bundle lists: "
                    + size + " bytes of sha256 " + found + ", where " + RelaxBundleManifest.FILE
                    + " says " + expected.size() + " bytes of sha256 " + expected.sha256()
                    + " (a jar changed or damaged since it was built)", Path.of(folder + file));
        }
    }

    /** The platform and the glibc the bundle was made for, against this machine's. */
    private static void requireMachine(String folder, RelaxBundleManifest manifest) {
        if (!manifest.platform().equals(Platform.current())) {
            throw PublicTypes.unreadable(folder + RelaxBundleManifest.FILE + " is for "
                    + manifest.platform() + "; this machine is " + Platform.current(),
                    Path.of(folder));
        }
        Optional<String> glibc = glibc();
        if (manifest.glibc().isPresent() && (glibc.isEmpty() || RelaxBundleManifest
                .compareVersions(glibc.get(), manifest.glibc().get()) < 0)) {
            throw PublicTypes.unreadable(folder + " holds TVM's runtime built for glibc "
                    + manifest.glibc().get() + " or newer; this machine has " + glibc.map(
                            g -> "glibc " + g).orElse("no glibc (another C library)"),
                    Path.of(folder));
        }
    }

    /** {@code gnu_get_libc_version()}, where the C library is glibc. */
    @SuppressWarnings("restricted")
    private static Optional<String> glibc() {
        Linker linker = Linker.nativeLinker();
        return linker.defaultLookup().find("gnu_get_libc_version").map(f -> {
            try {
                MemorySegment text = (MemorySegment) linker.downcallHandle(f,
                        FunctionDescriptor.of(ValueLayout.ADDRESS)).invokeExact();
                return text.reinterpret(64).getString(0);
            } catch (Throwable e) {
                throw new IllegalStateException("gnu_get_libc_version failed", e);
            }
        });
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
