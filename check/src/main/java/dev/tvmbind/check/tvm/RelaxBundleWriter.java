package dev.tvmbind.check.tvm;

import dev.tvmbind.contract.Platform;
import dev.tvmbind.contract.RelaxBundleManifest;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The files of a Relax bundle, found where the wheels install them (or in one directory), and
 * their copy into the classes with the list that the runtime's {@code RelaxBundle} checks them
 * against: what the Maven plugin's {@code relax-bundle} goal and the command line's {@code bundle}
 * run.
 *
 * @param sources each file of the bundle by its name there, in the order they load, then the
 *     license files
 * @param glibc the oldest glibc the wheels' tags allow, when they say
 */
public record RelaxBundleWriter(Map<String, Path> sources, Optional<String> glibc) {
    /** {@code manylinux_2_28_x86_64}: glibc 2.28. */
    private static final Pattern MANYLINUX = Pattern.compile("manylinux_(\\d+)_(\\d+)_");

    /** A bundle that cannot be made, said to the user. */
    public static final class Failure extends Exception {
        Failure(String message) {
            super(message);
        }
    }

    /**
     * The bundle of {@code library} and the runtime at {@code runtime}: apache-tvm's {@code
     * site-packages} ({@code tvm/lib/}, {@code tvm_ffi/lib/} and the wheels' {@code
     * .dist-info/licenses/}), or a directory holding the libraries.
     */
    public static RelaxBundleWriter of(Path library, Path runtime, boolean cuda) throws Failure {
        try {
            if (!Files.isRegularFile(library) || SharedLibraryKind.of(library)
                    != SharedLibraryKind.RELAX) {
                throw new Failure(library + " is not a Relax library (export_library's, with"
                        + " __tvm_ffi__library_bin)");
            }
        } catch (UnreadableOutputException e) {
            throw new Failure("cannot read " + library + ": " + e.getMessage());
        }
        boolean wheels = Files.isDirectory(runtime.resolve("tvm").resolve("lib"));
        Map<String, Path> sources = new LinkedHashMap<>();
        sources.put(RelaxBundleManifest.MODEL, library);
        List<String> names = new ArrayList<>(RelaxBundleManifest.RUNTIME);
        if (cuda) {
            names.add("libtvm_runtime_cuda.so");
        }
        for (String name : names) {
            Path file = wheels ? runtime.resolve(name.equals("libtvm_ffi.so") ? "tvm_ffi" : "tvm")
                    .resolve("lib").resolve(name) : runtime.resolve(name);
            if (Files.isRegularFile(file)) {
                sources.put(name, file);
            } else if (!name.equals("libtvm_runtime_extra.so")) {
                throw new Failure("no " + name + " at " + file + ": name apache-tvm's"
                        + " site-packages (with apache-tvm-ffi installed beside it) or a directory"
                        + " holding the libraries");
            }
        }
        List<String> glibc = new ArrayList<>();
        if (wheels) {
            for (String wheel : List.of("apache_tvm-", "apache_tvm_ffi-")) {
                Optional<Path> info = distInfo(runtime, wheel);
                if (info.isPresent()) {
                    licenses(info.get(), wheel, sources);
                    oldestGlibc(info.get().resolve("WHEEL")).ifPresent(glibc::add);
                }
            }
        }
        return new RelaxBundleWriter(sources, glibc.stream().max(RelaxBundleManifest::compareVersions));
    }

    /** {@code mlp.so} → {@code mlp}. */
    public static String stem(Path library) {
        String file = library.getFileName().toString();
        return file.endsWith(".so") ? file.substring(0, file.length() - 3) : file;
    }

    /**
     * Copies the files into {@code classes}' {@code native/<platform>/relax/<name>/} (one that
     * did not change since is left), writes their list; returns the folder.
     */
    public Path write(Path classes, String name, Consumer<String> log)
            throws IOException, Failure {
        if (!RelaxBundleManifest.isName(name)) {
            throw new Failure("'" + name + "' is not a bundle name (letters, digits, . _ -)");
        }
        Path folder = classes.resolve(RelaxBundleManifest.folder(Platform.current(), name));
        Files.createDirectories(folder);
        Map<String, RelaxBundleManifest.Entry> entries = new LinkedHashMap<>();
        for (Map.Entry<String, Path> source : sources.entrySet()) {
            Path target = folder.resolve(source.getKey());
            entries.put(source.getKey(), copy(source.getValue(), target));
        }
        Files.writeString(folder.resolve(RelaxBundleManifest.FILE), new RelaxBundleManifest(
                Platform.current(), glibc, entries).render(), StandardCharsets.UTF_8);
        log.accept("tvmbind: " + String.join(", ", entries.keySet()) + " with their sha256");
        return folder;
    }

    /** Streams {@code from} to {@code to}, hashing it; a copy of the same size and age stays. */
    private static RelaxBundleManifest.Entry copy(Path from, Path to) throws IOException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        boolean same = Files.exists(to) && Files.size(to) == Files.size(from)
                && Files.getLastModifiedTime(to).equals(Files.getLastModifiedTime(from));
        try (InputStream in = new DigestInputStream(Files.newInputStream(same ? to : from), sha)) {
            if (same) {
                in.transferTo(OutputStream.nullOutputStream());
            } else {
                Path part = to.resolveSibling(to.getFileName() + ".part");
                Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING);
                Files.setLastModifiedTime(part, Files.getLastModifiedTime(from));
                Files.move(part, to, StandardCopyOption.REPLACE_EXISTING,
                        StandardCopyOption.ATOMIC_MOVE);
            }
        }
        return new RelaxBundleManifest.Entry(HexFormat.of().formatHex(sha.digest()),
                Files.size(to));
    }

    private static Optional<Path> distInfo(Path sitePackages, String prefix) throws Failure {
        try (Stream<Path> entries = Files.list(sitePackages)) {
            return entries.filter(p -> p.getFileName().toString().startsWith(prefix)
                    && p.getFileName().toString().endsWith(".dist-info")
                    && Character.isDigit(p.getFileName().toString().charAt(prefix.length())))
                    .findFirst();
        } catch (IOException e) {
            throw new Failure("cannot list " + sitePackages + ": " + e.getMessage());
        }
    }

    /** The wheel's LICENSE and NOTICE, as {@code LICENSE-apache-tvm}, … */
    private static void licenses(Path info, String wheel, Map<String, Path> sources)
            throws Failure {
        String project = wheel.substring(0, wheel.length() - 1).replace('_', '-');
        for (String file : List.of("LICENSE", "NOTICE")) {
            Path license = info.resolve("licenses").resolve(file);
            if (Files.isRegularFile(license)) {
                sources.put(file + "-" + project, license);
            }
        }
    }

    /** The lowest glibc among a wheel's {@code manylinux_2_X} tags: what it needs at least. */
    private static Optional<String> oldestGlibc(Path wheelFile) throws Failure {
        try {
            Matcher tags = MANYLINUX.matcher(Files.readString(wheelFile, StandardCharsets.UTF_8));
            List<String> versions = new ArrayList<>();
            while (tags.find()) {
                versions.add(tags.group(1) + "." + tags.group(2));
            }
            return versions.stream().min(RelaxBundleManifest::compareVersions);
        } catch (IOException e) {
            throw new Failure("cannot read " + wheelFile + ": " + e.getMessage());
        }
    }
}
