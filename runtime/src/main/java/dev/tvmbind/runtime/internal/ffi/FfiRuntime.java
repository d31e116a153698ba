package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.runtime.internal.Libraries;
import dev.tvmbind.runtime.internal.NativeAccess;
import dev.tvmbind.runtime.internal.shared.InternalAccess;
import dev.tvmbind.runtime.internal.shared.NativeFiles;
import dev.tvmbind.runtime.internal.shared.PublicTypes;
import dev.tvmbind.runtime.internal.shared.Signals;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The process's one {@code libtvm_ffi}, with global visibility. TVM's exported kernels (a Relax
 * library's, {@code export_library}'s) carry no {@code NEEDED} entry for it and take tvm-ffi's C
 * API from the global scope; two copies in one process would mix objects, errors and registries.
 * So: the first {@code libtvm_ffi} a library brings in (its own {@code NEEDED}), or the one
 * {@code -Dtvmbind.tvmFfi} / {@code TVMBIND_TVM_FFI} names (a file, or a folder in the wheel's
 * layout), is made global and becomes the process's; a library whose C API comes from another file
 * is refused, naming both; a library that links none calls the process's.
 */
final class FfiRuntime {
    private FfiRuntime() {}

    /** Names the {@code libtvm_ffi} to load first: a file or a folder that holds it. */
    static final String PROPERTY = "tvmbind.tvmFfi";
    static final String ENVIRONMENT = "TVMBIND_TVM_FFI";
    private static final String FILE = "libtvm_ffi.so";

    /** The process's: its file and its C API. */
    private record Runtime(Path file, NativeAccess.Vouched api) {}

    private static Runtime runtime;

    /**
     * Before a library of tvm-ffi is opened: the configured {@code libtvm_ffi}, if any, loaded
     * with global visibility behind the signal guard, so that the library's own {@code NEEDED}
     * entry binds to it. The caller was found to have native access.
     *
     * @throws dev.tvmbind.runtime.UnreadableLibraryError when the configured file is missing, or
     *     another {@code libtvm_ffi} runs the process already
     */
    static synchronized void beforeLoad() {
        Optional<Path> configured = configured();
        if (configured.isEmpty()) {
            return;
        }
        Path file = configured.get();
        if (runtime != null) {
            requireSame(file, "-D" + PROPERTY + " (or " + ENVIRONMENT + ") names");
            return;
        }
        Libraries.checkLoadable(file);
        boolean loaded = Signals.keep(file.toString(), () -> NativeFiles.openGlobal(file));
        if (!loaded) {
            throw PublicTypes.unreadable("cannot load " + file + ", which -D" + PROPERTY
                    + " (or " + ENVIRONMENT + ") names: the dynamic loader refused it", file);
        }
        NativeAccess.Vouched api = lookup(file);
        FfiVersion.check(api, "the libtvm_ffi " + file);
        runtime = new Runtime(file, api);
    }

    /**
     * The process's {@code libtvm_ffi}, loading {@code beside} with global visibility when none
     * runs yet and none is configured: what TVM's runtime library needs before it loads (the
     * wheels keep them in different folders, so its own {@code NEEDED} entry does not find it).
     *
     * @param beside the {@code libtvm_ffi} found beside TVM's runtime, in the wheels' layout
     * @param why how messages name what needs it
     * @return the lookup of its C API
     */
    static synchronized NativeAccess.Vouched process(Path beside, String why) {
        beforeLoad();
        if (runtime != null) {
            return runtime.api();
        }
        if (!Files.isRegularFile(beside)) {
            throw PublicTypes.unreadable(why + " needs libtvm_ffi, and none runs the process: "
                    + beside + " does not exist (name one with -D" + PROPERTY + " or "
                    + ENVIRONMENT + ")", beside);
        }
        Libraries.checkLoadable(beside);
        if (!Signals.keep(beside.toString(), () -> NativeFiles.openGlobal(beside))) {
            throw PublicTypes.unreadable("cannot load " + beside + ", which " + why + " needs:"
                    + " the dynamic loader refused it", beside);
        }
        NativeAccess.Vouched api = lookup(beside);
        FfiVersion.check(api, "the libtvm_ffi " + beside);
        runtime = new Runtime(beside, api);
        return api;
    }

    /**
     * The C API {@code library} calls: its own {@code libtvm_ffi}, which becomes (or must be) the
     * process's and is made global; or, for a library that links none, the process's. Either has
     * passed the version handshake ({@link FfiVersion}).
     *
     * @param named how messages name the library
     * @return the lookup of tvm-ffi's C API, or empty when the process runs none
     * @throws dev.tvmbind.runtime.UnreadableLibraryError when the library's comes from another file
     */
    static synchronized Optional<NativeAccess.Vouched> api(NativeAccess.Vouched library,
            String named) {
        Optional<MemorySegment> own = library.find(FfiCApi.Function.ERROR_MOVE_FROM_RAISED.symbol);
        if (own.isEmpty()) {
            return Optional.ofNullable(runtime).map(Runtime::api);
        }
        // A runtime of another ABI is refused for that first: it may be the process's only one.
        FfiVersion.check(library, named);
        Optional<Path> file = NativeFiles.of(own.get().address());
        if (file.isEmpty()) {
            return Optional.of(library); // the loader cannot say: nothing to compare
        }
        if (runtime == null) {
            NativeFiles.promote(file.get());
            runtime = new Runtime(file.get(), library);
        } else {
            requireSame(file.get(), named + " links");
        }
        return Optional.of(library);
    }

    private static void requireSame(Path file, String who) {
        if (!sameFile(runtime.file(), file)) {
            throw PublicTypes.unreadable(who + " the libtvm_ffi at " + file + ", but the process"
                    + " runs the one at " + runtime.file() + " already: one libtvm_ffi per"
                    + " process (two would mix tvm-ffi's objects, errors and registries); build and"
                    + " load everything against one apache-tvm-ffi", file);
        }
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (IOException e) {
            return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
        }
    }

    /** A lookup of a library that is loaded already (global, never unloaded). */
    @SuppressWarnings("restricted")
    private static NativeAccess.Vouched lookup(Path file) {
        return InternalAccess.get().vouched(SymbolLookup.libraryLookup(file, Arena.global()),
                file);
    }

    /** The configured file: the property, else the variable; a folder in the wheels' layout. */
    static Optional<Path> configured() {
        String given = System.getProperty(PROPERTY, System.getenv(ENVIRONMENT));
        if (given == null || given.isBlank()) {
            return Optional.empty();
        }
        Path path = Path.of(given).toAbsolutePath();
        if (!Files.isDirectory(path)) {
            return Optional.of(path);
        }
        for (String inside : List.of(FILE, "lib/" + FILE, "tvm_ffi/lib/" + FILE)) {
            if (Files.isRegularFile(path.resolve(inside))) {
                return Optional.of(path.resolve(inside));
            }
        }
        throw PublicTypes.unreadable(given + ", which -D" + PROPERTY
                + " (or " + ENVIRONMENT + ") names, holds no " + FILE + ", lib/" + FILE + " or"
                + " tvm_ffi/lib/" + FILE + " (the wheel's site-packages)", path);
    }
}
