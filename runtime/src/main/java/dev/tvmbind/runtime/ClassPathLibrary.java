package dev.tvmbind.runtime;

import dev.tvmbind.contract.Platform;
import dev.tvmbind.runtime.internal.PrivateTempDir;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A model's shared library shipped in a jar, as {@code tvmbind-maven-plugin}'s {@code native}
 * goal puts it: {@code native/<os>-<arch>/lib<name>.so} in the class path ({@code <name>.dll},
 * {@code lib<name>.dylib} elsewhere). The library of this platform is copied once to a private
 * temporary file (removed when the JVM exits), which every later use shares.
 *
 * <pre>{@code
 * KeywordSpotter kws = KeywordSpotterBinding.load(ClassPathLibrary.extract("default"));
 * TvmLibrary library = ClassPathLibrary.open("default");
 * }</pre>
 *
 * <p>The platform names are {@code linux}, {@code macos} or {@code windows}, then
 * {@code x86_64} or {@code aarch64}: {@code linux-x86_64}.
 */
public final class ClassPathLibrary {
    private static final StackWalker CALLER =
            StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
    /** Each resource's copy, made once: concurrent first uses wait for the one copy. */
    private static final Map<String, Path> EXTRACTED = new ConcurrentHashMap<>();

    private ClassPathLibrary() {}

    /**
     * This platform's name, as the {@code native} goal names its folder.
     *
     * @return e.g. {@code linux-x86_64}
     */
    public static String platform() {
        return Platform.current();
    }

    /**
     * The library {@code name} of this platform, from the caller's class path, as a file.
     *
     * @param name the library's name without prefix or suffix, e.g. {@code default} for
     *     {@code libdefault.so}
     * @return the file, a private copy that stays until the JVM exits
     * @throws UnsatisfiedLinkError when the class path has no such library for this platform,
     *     naming the platforms it has one for
     * @throws UncheckedIOException when the copy cannot be written
     */
    public static Path extract(String name) {
        return extract(name, CALLER.getCallerClass().getClassLoader());
    }

    /**
     * Opens the library {@code name} of this platform, from the caller's class path, as
     * {@link TvmLibrary#open(Path)} does.
     *
     * @param name the library's name, e.g. {@code default} for {@code libdefault.so}
     * @return the open library
     * @throws UnsatisfiedLinkError when the class path has no such library for this platform,
     *     or it cannot be loaded
     */
    public static TvmLibrary open(String name) {
        return TvmLibrary.open(extract(name, CALLER.getCallerClass().getClassLoader()));
    }

    private static Path extract(String name, ClassLoader loader) {
        ClassLoader where = loader == null ? ClassLoader.getSystemClassLoader() : loader;
        String file = System.mapLibraryName(name);
        URL resource = where.getResource(resource(platform(), file));
        if (resource == null) {
            List<String> held = Platform.KNOWN.stream()
                    .filter(p -> where.getResource(resource(p, file)) != null).toList();
            throw new UnreadableLibraryError("the class path has no " + resource(platform(), file)
                    + " for this platform (" + platform() + "); it has " + file + " for "
                    + (held.isEmpty() ? "no platform" : String.join(", ", held))
                    + ": build the model for " + platform() + " (tvmbind-maven-plugin's native"
                    + " goal builds it for the platform Maven runs on)",
                    Path.of(resource(platform(), file)));
        }
        // By its text: URL.equals may resolve host names.
        return EXTRACTED.computeIfAbsent(resource.toString(), r -> copy(resource, file));
    }

    private static String resource(String platform, String file) {
        return "native/" + platform + "/" + file;
    }

    private static Path copy(URL resource, String file) {
        try (InputStream in = resource.openStream()) {
            // createTempFile makes it readable by its owner only, in a directory only the owner
            // may enter; written through the file as made (Files.copy with REPLACE_EXISTING
            // would re-create it with the umask's mode).
            Path copy = Files.createTempFile(PrivateTempDir.get(), "", "-" + file);
            try (OutputStream out = Files.newOutputStream(copy, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                in.transferTo(out);
            }
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy " + resource + " to a temporary file", e);
        }
    }
}
