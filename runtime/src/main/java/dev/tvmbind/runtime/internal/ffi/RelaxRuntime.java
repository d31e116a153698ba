package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.runtime.internal.Libraries;
import dev.tvmbind.runtime.internal.NativeAccess;
import dev.tvmbind.runtime.internal.shared.NativeFiles;
import dev.tvmbind.runtime.internal.shared.PublicTypes;
import dev.tvmbind.runtime.internal.shared.Signals;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

/**
 * TVM's runtime, which runs Relax libraries: {@code libtvm_runtime.so} (it registers the VM
 * executable's loader and the VM), and {@code libtvm_runtime_extra.so} where it lies beside it (as
 * {@code import tvm} loads it: it alone registers {@code tvm.contrib.sort.*}, which
 * {@code R.argsort} and {@code R.topk} call, and {@code tvm.contrib.random.*}). One per process,
 * loaded with global visibility behind the signal guard, after the process's {@code libtvm_ffi}.
 *
 * <p>Found, in order: {@code -Dtvmbind.tvmRuntime} or {@code TVMBIND_TVM_RUNTIME} (the file, or a
 * folder holding it: {@code lib/} or {@code tvm/lib/} below it as apache-tvm's wheel lays it out,
 * or the wheel's {@code site-packages}); then a Relax bundle's ({@link RelaxBundleFiles}: its
 * copies are deleted once loaded); then the runtime tvmbind loaded already. Not found: one error
 * naming every place tried.
 */
final class RelaxRuntime {
    private RelaxRuntime() {}

    static final String PROPERTY = "tvmbind.tvmRuntime";
    static final String ENVIRONMENT = "TVMBIND_TVM_RUNTIME";
    private static final String FILE = "libtvm_runtime.so";
    private static final String EXTRA = "libtvm_runtime_extra.so";

    /** The loaded runtime's file, and tvm-ffi's functions as the runtime's libtvm_ffi has them. */
    private static Path loaded;
    private static FfiLibrary ffi;
    /** The runtime a bundle extracted, not loaded yet. */
    private static Path bundled;

    /** A bundle's copy of the runtime, for the next load when nothing else is named. */
    static synchronized void bundled(Path file) {
        if (loaded == null) {
            bundled = file;
        }
    }

    /**
     * The runtime, loaded on first use.
     *
     * @return tvm-ffi's functions, for calls into the runtime
     * @throws dev.tvmbind.runtime.UnreadableLibraryError when none is found, naming every place
     *     tried, or the one named is not the one loaded, or the loader refuses it
     */
    static synchronized FfiLibrary ensure() {
        List<String> tried = new ArrayList<>();
        Path file = configured(tried);
        if (file == null && bundled != null && loaded == null) {
            file = bundled;
        } else if (file == null) {
            tried.add("a Relax bundle's (RelaxBundle.extract): none");
        }
        if (file == null && loaded != null) {
            return ffi;
        }
        if (file == null) {
            tried.add("a runtime tvmbind loaded already: none");
            throw PublicTypes.unreadable("no libtvm_runtime.so to run Relax libraries with. Tried: "
                    + String.join("; ", tried) + ". Install apache-tvm (pip install"
                    + " apache-tvm==0.27.0.post1) and name its site-packages with -D" + PROPERTY
                    + ", or ship the model as a bundle (the Maven plugin's relax-bundle goal)",
                    Path.of(FILE));
        }
        if (loaded != null) {
            if (!loaded.equals(file)) {
                throw PublicTypes.unreadable(file + " is named as TVM's runtime, but the process"
                        + " runs " + loaded + " already: one per process", file);
            }
            return ffi;
        }
        Libraries.checkLoadable(file);
        // In one folder (a bundle's), or the wheels' layout: site-packages/tvm/lib/ and
        // site-packages/tvm_ffi/lib/.
        Path beside = file.resolveSibling("libtvm_ffi.so");
        if (!Files.isRegularFile(beside)) {
            beside = file.getParent().resolve("../../tvm_ffi/lib/libtvm_ffi.so").normalize();
        }
        NativeAccess.Vouched api = FfiRuntime.process(beside, file.toString());
        open(file);
        Path extra = file.resolveSibling(EXTRA);
        if (Files.isRegularFile(extra)) {
            open(extra);
        }
        ffi = FfiLibrary.of(api, "libtvm_ffi");
        // The VM is reached through global functions and hands out objects Java keeps.
        ffi.cApi().require(EnumSet.of(FfiCApi.Function.FUNCTION_GET_GLOBAL,
                FfiCApi.Function.OBJECT_INC_REF), "TVM's runtime at " + file);
        loaded = file;
        if (file.equals(bundled)) {
            // Mapped now: the private copies go, so nothing is left if the JVM is killed.
            deleteFolder(file.getParent());
        }
        bundled = null;
        return ffi;
    }

    private static void deleteFolder(Path folder) {
        try (var files = Files.list(folder)) {
            for (Path file : files.toList()) {
                Files.deleteIfExists(file);
            }
            Files.deleteIfExists(folder);
        } catch (IOException e) {
            // The private folder goes when the JVM exits.
        }
    }

    private static void open(Path file) {
        Libraries.checkLoadable(file);
        if (!Signals.keep(file.toString(), () -> NativeFiles.openGlobal(file))) {
            throw PublicTypes.unreadable("cannot load " + file + ": the dynamic loader refused it"
                    + " (is it apache-tvm's, of the version the model was compiled with? a copy in"
                    + " java.io.tmpdir needs a filesystem that allows exec)", file);
        }
    }

    /** The file the property or variable names; null when neither is set. */
    private static Path configured(List<String> tried) {
        String given = System.getProperty(PROPERTY, System.getenv(ENVIRONMENT));
        if (given == null || given.isBlank()) {
            tried.add("-D" + PROPERTY + " and " + ENVIRONMENT + ": not set");
            return null;
        }
        Path path = Path.of(given).toAbsolutePath().normalize();
        if (!Files.isDirectory(path)) {
            return path;
        }
        for (String inside : List.of(FILE, "lib/" + FILE, "tvm/lib/" + FILE)) {
            if (Files.isRegularFile(path.resolve(inside))) {
                return path.resolve(inside);
            }
        }
        throw PublicTypes.unreadable(given + ", which -D" + PROPERTY + " (or " + ENVIRONMENT
                + ") names, holds no " + FILE + ", lib/" + FILE + " or tvm/lib/" + FILE
                + " (apache-tvm's site-packages)", path);
    }
}
