package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.runtime.internal.Libraries;
import dev.tvmbind.runtime.internal.NativeAccess;
import dev.tvmbind.runtime.internal.shared.Signals;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Relax library loaded in TVM's runtime ({@code ffi.ModuleLoadFromFile}): its executable
 * module, the VMs made from it, and the functions it holds. What {@code dev.tvmbind.runtime.relax}
 * is made of; applications use that.
 */
public final class RelaxLibrary {
    /** A VM function in the executable's {@code as_python()} text. */
    private static final Pattern FUNCTION = Pattern.compile(
            "^with ib\\.function\\(\"([^\"]+)\", num_inputs=(\\d+)\\):$", Pattern.MULTILINE);

    private final FfiLibrary ffi;
    private final Path path;
    private final long module;
    private final Optional<Map<String, Integer>> functions;

    private RelaxLibrary(FfiLibrary ffi, Path path, long module) {
        this.ffi = ffi;
        this.path = path;
        this.module = module;
        this.functions = functions(ffi, module, path);
    }

    /**
     * Loads a library {@code export_library} wrote, after TVM's runtime.
     *
     * @param library its path
     * @return it, loaded
     * @throws IllegalCallerException when the caller's module has no native access
     * @throws dev.tvmbind.runtime.UnreadableLibraryError when it or TVM's runtime cannot be loaded
     * @throws IllegalArgumentException when it holds no Relax executable
     */
    public static RelaxLibrary load(Path library) {
        NativeAccess.requireCaller(null, "load the Relax library " + library);
        Path file = library.toAbsolutePath().normalize();
        Libraries.checkLoadable(file);
        FfiLibrary ffi = RelaxRuntime.ensure();
        long module;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment loaded = Signals.keep(file.toString(), () -> RelaxCalls.call(ffi,
                    RelaxCalls.global(ffi, "ffi.ModuleLoadFromFile"), "ffi.ModuleLoadFromFile",
                    arena, file.toString()));
            module = RelaxCalls.object(loaded, ffi, "ffi.ModuleLoadFromFile", "a module");
        } finally {
            RelaxBundleFiles.loaded(file);
        }
        RelaxLibrary relax = new RelaxLibrary(ffi, file, module);
        long loader = relax.function(module, "vm_load_executable");
        if (loader == 0) {
            ffi.release(module);
            throw new IllegalArgumentException(file + " holds no Relax executable (no"
                    + " vm_load_executable): a library of @TvmFfi functions loads through its"
                    + " binding");
        }
        ffi.release(loader);
        return relax;
    }

    /** {@code ffi.ModuleGetFunction(module, name, false)}: one reference, or 0 when absent. */
    long function(long module, String name) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment found = RelaxCalls.call(ffi, RelaxCalls.global(ffi,
                    "ffi.ModuleGetFunction"), "ffi.ModuleGetFunction", arena,
                    new RelaxCalls.Handle(module), name, false);
            return RelaxCalls.object(found, ffi, "ffi.ModuleGetFunction", "a function");
        }
    }

    /**
     * A new VM over the executable, initialized for one device.
     *
     * @param deviceType DLPack's device type (1: CPU)
     * @param deviceId the device's number
     * @param allocator 1 naive, 2 pooled (TVM's, one per device per process)
     * @return the VM, for one thread at a time
     */
    public RelaxMachine newMachine(int deviceType, int deviceId, int allocator) {
        return new RelaxMachine(this, deviceType, deviceId, allocator);
    }

    FfiLibrary ffi() {
        return ffi;
    }

    long module() {
        return module;
    }

    /** The file, as errors name it. */
    public Path path() {
        return path;
    }

    /**
     * The executable's Relax functions and their arities, in its order.
     *
     * @return them, or empty when the executable's text is not what this version reads
     */
    public Optional<Map<String, Integer>> functions() {
        return functions;
    }

    /** What an error says the library holds: the functions, or that tvmbind cannot tell. */
    String describeFunctions() {
        return functions.map(f -> f.isEmpty() ? "none" : String.join(", ", f.keySet()))
                .orElse("unknown (TVM's executable text was not as tvmbind reads it)");
    }

    /**
     * The executable's statistics, as TVM's {@code stats()} prints them: its constants (the
     * annotations its checks name among them) and its globals.
     *
     * @return the text, or empty when the executable has no {@code stats}
     */
    public Optional<String> stats() {
        long stats = function(module, "stats");
        if (stats == 0) {
            return Optional.empty();
        }
        try (Arena arena = Arena.ofConfined()) {
            return RelaxCalls.value(RelaxCalls.call(ffi, stats, path + " stats", arena), ffi,
                    "stats") instanceof String text ? Optional.of(text) : Optional.empty();
        } finally {
            ffi.release(stats);
        }
    }

    /** Releases the module: VMs made from it hold references of their own. */
    public void close() {
        ffi.release(module);
    }

    private Optional<Map<String, Integer>> functions(FfiLibrary ffi, long module, Path path) {
        long asPython = function(module, "as_python");
        if (asPython == 0) {
            return Optional.empty();
        }
        Object text;
        try (Arena arena = Arena.ofConfined()) {
            text = RelaxCalls.value(RelaxCalls.call(ffi, asPython, path + " as_python", arena),
                    ffi, "as_python");
        } finally {
            ffi.release(asPython);
        }
        if (!(text instanceof String python) || !python.startsWith("ib = rx.Builder()")) {
            return Optional.empty();
        }
        Map<String, Integer> found = new LinkedHashMap<>();
        Matcher matcher = FUNCTION.matcher(python);
        while (matcher.find()) {
            found.put(matcher.group(1), Integer.parseInt(matcher.group(2)));
        }
        return Optional.of(Collections.unmodifiableMap(found));
    }
}
