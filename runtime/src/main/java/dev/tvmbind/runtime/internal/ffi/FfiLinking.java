package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.contract.CNames;
import dev.tvmbind.contract.ElfExports;
import dev.tvmbind.contract.FfiFunctionContract;
import dev.tvmbind.contract.NearestNames;
import dev.tvmbind.runtime.ffi.FfiFunction;
import dev.tvmbind.runtime.internal.Libraries;
import dev.tvmbind.runtime.internal.Linking;
import dev.tvmbind.runtime.internal.NativeAccess;
import dev.tvmbind.runtime.internal.shared.Diagnostics;
import dev.tvmbind.runtime.internal.shared.InternalAccess;
import dev.tvmbind.runtime.internal.shared.NameLists;
import dev.tvmbind.runtime.internal.shared.PublicTypes;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;

/**
 * Links a binding of TVM's FFI (an {@code @TvmFfi} interface) to a library, as {@link Linking}
 * links one of TVM's C interface: every {@code __tvm_ffi_<name>} symbol resolved at once, the
 * library's tvm-ffi runtime found, then the binding's {@code Linked} class (or a hidden copy of it)
 * handed the linkage, from which it links its own downcalls with its module's native access.
 */
public final class FfiLinking {
    /** The package-private side of the runtime this package may use. */
    private static final InternalAccess.Internals ACCESS = InternalAccess.get();
    private FfiLinking() {}

    /** What each linked class (the named one, or a hidden copy per library) found at its load. */
    private static final Map<Class<?>, List<FfiFunction>> LOADED =
            Collections.synchronizedMap(new WeakHashMap<>());

    /**
     * A binding's functions as declared, for its {@code INFO}: no schema compared yet.
     *
     * @param functions every function the binding calls, as it states them
     * @return one per function, in declaration order
     */
    public static List<FfiFunction> declared(List<FfiFunctionContract> functions) {
        return functions.stream().map(f -> PublicTypes.ffiFunction(f, Optional.empty(),
                Optional.empty())).toList();
    }

    /**
     * A loaded binding's functions, each with the schema its load compared it with, if any.
     *
     * @param binding {@code MethodHandles.lookup()} in the generated binding class
     * @param loaded what its {@code load} returned
     * @return one per function, in declaration order
     * @throws IllegalArgumentException when {@code loaded} is not one of that binding's
     */
    public static List<FfiFunction> loaded(MethodHandles.Lookup binding, Object loaded) {
        List<FfiFunction> functions = loaded == null ? null : LOADED.get(loaded.getClass());
        if (functions == null || loaded.getClass().getNestHost() != binding.lookupClass()) {
            throw new IllegalArgumentException(loaded + " is not what "
                    + binding.lookupClass().getSimpleName() + ".load returned");
        }
        return functions;
    }

    /**
     * Links a binding to the symbols of {@code lookup}.
     *
     * @param <T> the interface
     * @param binding {@code MethodHandles.lookup()} in the generated binding class
     * @param linked the binding's class {@code Linked}
     * @param functions the interface
     * @param declared every function the binding calls, as it states them
     * @param lookup where to find them; it must stay usable as long as the binding is used
     * @return an instance of the linked class
     * @throws IllegalCallerException when the caller's module has no native access
     * @throws dev.tvmbind.runtime.MissingSymbolsError listing every symbol the lookup lacks
     * @throws dev.tvmbind.runtime.ffi.SchemaMismatchError when a function's exported type schema
     *     disagrees with its method
     */
    @SuppressWarnings("restricted")
    public static <T> T link(MethodHandles.Lookup binding, Class<?> linked, Class<T> functions,
            List<FfiFunctionContract> declared, SymbolLookup lookup) {
        ACCESS.checkBinding(binding, linked);
        NativeAccess.Vouched vouched = NativeAccess.vouch(lookup, binding,
                "link " + functions.getName() + " to a lookup");
        // A library TVM exported calls through its context: unset, its first such call crashes.
        vouched.find(CNames.FFI_LIBRARY_CONTEXT).ifPresent(context -> {
            if (context.reinterpret(8).get(java.lang.foreign.ValueLayout.JAVA_LONG, 0) == 0) {
                throw new UnsatisfiedLinkError("the lookup's library carries "
                        + CNames.FFI_LIBRARY_CONTEXT
                        + ", which only ffi.ModuleLoadFromFile sets: load it with "
                        + binding.lookupClass().getSimpleName() + ".load(Path)");
            }
        });
        return link(binding, linked, functions, declared, vouched, null, "the library");
    }

    /**
     * Opens the library at {@code library} for the process's life, and links the
     * binding to it.
     *
     * @param <T> the interface
     * @param binding {@code MethodHandles.lookup()} in the generated binding class
     * @param linked the binding's class {@code Linked}
     * @param functions the interface
     * @param declared every function the binding calls, as it states them
     * @param library the shared library's file
     * @return an instance of the linked class
     * @throws IllegalCallerException when the caller's module has no native access
     * @throws dev.tvmbind.runtime.UnreadableLibraryError when the file cannot be loaded
     * @throws dev.tvmbind.runtime.MissingSymbolsError listing every symbol it lacks
     * @throws dev.tvmbind.runtime.ffi.SchemaMismatchError when a function's exported type schema
     *     disagrees with its method
     */
    public static <T> T link(MethodHandles.Lookup binding, Class<?> linked, Class<T> functions,
            List<FfiFunctionContract> declared, Path library) {
        ACCESS.checkBinding(binding, linked);
        NativeAccess.requireCaller(binding, "open the library " + library);
        // The process's libtvm_ffi, where one is named, before the library binds its own.
        FfiRuntime.beforeLoad();
        // Loaded for the process's life, as tvm-ffi's own loader keeps a library: it may have
        // registered global functions, types and objects whose code it holds, which the registry
        // would call after an unload (a later SetGlobal of the same name calls the old deleter).
        Arena arena = Arena.global();
        NativeAccess.Vouched lookup = Libraries.open(library, arena, binding);
        String named = "the library " + library.toAbsolutePath();
        if (lookup.find(CNames.FFI_LIBRARY_BIN).isPresent()
                && lookup.find(CNames.FFI_LIBRARY_CONTEXT).isEmpty()) {
            // What tvm.compile(…).export_library writes: its functions are the VM's to call.
            throw PublicTypes.unreadable(named + " exports " + CNames.FFI_LIBRARY_BIN + " and no"
                    + " library context: a Relax model TVM's compiler exported, whose functions"
                    + " run in TVM's VM. Load it with dev.tvmbind.runtime.relax.RelaxModule"
                    + ".load(path), not a @TvmFfi binding", library);
        }
        if (lookup.find(CNames.FFI_LIBRARY_CONTEXT).isPresent()) {
            // A library TVM exported: its context and imports are wired by tvm-ffi's loader.
            String failed = FfiLibrary.of(lookup, named).loadModule(library);
            if (failed != null) {
                throw PublicTypes.unreadable(named + " carries " + CNames.FFI_LIBRARY_CONTEXT
                        + ", so it is"
                        + " loaded through ffi.ModuleLoadFromFile, which failed: " + failed
                        + " (bundled modules need the loaders libtvm_runtime registers)", library);
            }
        }
        return link(binding, linked, functions, declared, lookup, arena, named);
    }

    /** Every symbol found, or one error listing what is missing. */
    private static void checkFound(List<String> missing, List<String> symbols, Class<?> functions,
            String named, Path file) {
        if (!missing.isEmpty()) {
            throw PublicTypes.missingSymbols(named + " lacks " + NameLists.cut(missing) + " ("
                    + missing.size() + " of " + symbols.size() + " functions of "
                    + functions.getName() + "): export each with TVM_FFI_DLL_EXPORT_TYPED_FUNC,"
                    + " or register each global one" + nearest(missing, file), missing,
                    functions.getSimpleName());
        }
    }

    /**
     * Says once per load, on the {@code dev.tvmbind} logger at DEBUG (nothing on stderr by
     * default, as for the signal guard), which functions load without a schema to compare (their
     * own code checks what they are given); the binding's {@code functions(…)} says it always.
     */
    private static void sayUnchecked(List<FfiFunction> loaded, Class<?> functions, String named) {
        List<String> unchecked = loaded.stream().filter(f -> !f.checked())
                .map(FfiFunction::method).toList();
        if (!unchecked.isEmpty()) {
            Diagnostics.LOGGER.log(System.Logger.Level.DEBUG, functions.getName() + " over " + named
                    + ": " + unchecked.size() + " of " + loaded.size() + " functions load"
                    + " unchecked (" + NameLists.cut(unchecked) + "): "
                    + loaded.stream().filter(f -> !f.checked()).findFirst()
                            .flatMap(FfiFunction::unchecked).orElse("")
                    + "; the binding's functions(…) says why for each");
        }
    }

    /**
     * What the library exports nearest to each missing function (read from its symbol table),
     * as {@code ; nearest exported: __tvm_ffi_add_ints for __tvm_ffi_add_int}; "" where nothing
     * is near or the file is unknown.
     */
    private static String nearest(List<String> missing, Path file) {
        if (file == null) {
            return "";
        }
        List<String> exported;
        try {
            exported = ElfExports.withPrefix(file, CNames.ffiFunction(""));
        } catch (IOException | IllegalArgumentException e) {
            return "";
        }
        List<String> said = new ArrayList<>();
        int prefix = CNames.ffiFunction("").length();
        for (String symbol : missing) {
            if (!symbol.startsWith(CNames.ffiFunction(""))) {
                continue; // a global function: the registry's names are not the library's
            }
            // Compared without the prefix every name shares: a quarter of the name may differ.
            String name = symbol.substring(prefix);
            List<String> near = NearestNames.of(name, exported.stream().map(e -> e.substring(
                    prefix)).toList(), 3, Math.max(1, name.length() / 4)).stream()
                    .map(CNames::ffiFunction).toList();
            if (!near.isEmpty()) {
                said.add(String.join(" or ", near) + " for " + symbol);
            }
        }
        return said.isEmpty() ? "" : "; nearest exported: " + NameLists.cut(said);
    }

    private static <T> T link(MethodHandles.Lookup binding, Class<?> linked, Class<T> functions,
            List<FfiFunctionContract> declared, NativeAccess.Vouched lookup, Arena library,
            String named) {
        List<String> symbols = declared.stream().map(FfiFunctionContract::symbol).toList();
        Map<String, MemorySegment> found = new HashMap<>();
        Map<String, Long> selves = new HashMap<>();
        List<String> missing = new ArrayList<>();
        for (String symbol : symbols) {
            if (CNames.ffiGlobalName(symbol).isEmpty()) {
                lookup.find(symbol).ifPresentOrElse(s -> found.put(symbol, s),
                        () -> missing.add(symbol));
            }
        }
        checkFound(missing, symbols, functions, named, lookup.fileOrNull());
        // Then what only tvm-ffi's runtime finds: the library links it, or says so.
        FfiLibrary ffi = FfiLibrary.of(lookup, named);
        ffi.cApi().require(FfiCApi.neededBy(declared), functions.getName() + " over " + named);
        for (String symbol : symbols) {
            Optional<String> global = CNames.ffiGlobalName(symbol);
            if (global.isPresent()) {
                long[] function = ffi.global(global.get());
                if (function == null) {
                    missing.add(symbol);
                } else {
                    selves.put(symbol, function[0]);
                    found.put(symbol, MemorySegment.ofAddress(function[1]));
                }
            }
        }
        checkFound(missing, symbols, functions, named, lookup.fileOrNull());
        List<String> differ = new ArrayList<>();
        List<FfiFunction> loaded = new ArrayList<>();
        for (FfiFunctionContract function : declared) {
            String symbol = function.symbol();
            FfiSchemaText.Read schema = FfiSchema.read(lookup, ffi, symbol);
            schema.types().flatMap(tvm -> FfiSchema.compare(tvm, function)).ifPresent(why ->
                    differ.add(functions.getSimpleName() + "." + function.method()
                            + " does not match " + symbol + ": " + why));
            loaded.add(PublicTypes.ffiFunction(function, schema.types().map(FfiSchema::printed),
                    schema.unchecked()));
        }
        if (!differ.isEmpty()) {
            throw PublicTypes.schemaMismatch(FfiSchemaText.cut(named + " disagrees with "
                    + functions.getName() + ": " + String.join("; ", differ)));
        }
        sayUnchecked(loaded, functions, named);
        try {
            T instance = functions.cast(ACCESS.link(binding, linked, found, library, ffi, selves));
            LOADED.put(instance.getClass(), List.copyOf(loaded));
            return instance;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("cannot instantiate the binding of "
                    + functions.getName(), e);
        }
    }
}
