package dev.tvmbind.runtime.internal;

import dev.tvmbind.runtime.ModelInfo;
import dev.tvmbind.runtime.internal.shared.NameLists;
import dev.tvmbind.runtime.internal.shared.PublicTypes;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Links a generated binding to a library. A binding's implementation is its nested class
 * {@code Linked}, whose {@code static final} method handles are constants for the JIT. The first
 * library a binding is linked to goes into that class itself, so that debuggers stop on its lines
 * and stack traces show its frames; it is initialised by {@code load} only (nothing else names
 * it), which hands it the linkage. Another library gets a hidden copy of the class, defined from
 * its class file with the linkage as class data: as fast, but a hidden class (its frames are left
 * out of stack traces, and breakpoints do not reach it).
 */
public final class Linking {
    private Linking() {}

    static {
        // Generated code passes addresses of its scratch memory as 64-bit integers.
        if (java.lang.foreign.ValueLayout.ADDRESS.byteSize() != Long.BYTES) {
            throw new ExceptionInInitializerError("tvmbind needs a platform with 64-bit addresses");
        }
    }

    /** What {@code load} hands to a linked class it is about to initialise. */
    private static final Map<Class<?>, Linkage> PENDING = new ConcurrentHashMap<>();
    /**
     * The linkage each initialised named class took; weak, so that class loaders can go. Neither
     * map is guarded by {@code Linking.class}, which {@code load} holds while a class initialises:
     * a class initialised in another thread must not wait for it.
     */
    private static final Map<Class<?>, Linkage> NAMED =
            Collections.synchronizedMap(new WeakHashMap<>());

    /**
     * Links a binding to the symbols of {@code lookup}.
     *
     * @param <T> the model interface
     * @param binding {@code MethodHandles.lookup()} in the generated binding class
     * @param linked the binding's class {@code Linked}
     * @param info the binding's {@code INFO}: the header and the symbols
     * @param lookup where to find the symbols; it must stay usable as long as the binding is used
     * @return an instance of the linked class
     * @throws IllegalCallerException when the code that called {@code load} is in a module
     *     without native access (the lookup's answers are its choice), unless tvmbind vouched for
     *     the lookup already
     * @throws UnsatisfiedLinkError listing every symbol the lookup lacks
     */
    public static <T> T link(MethodHandles.Lookup binding, Class<?> linked, ModelInfo info,
            SymbolLookup lookup) {
        checkBinding(binding, linked);
        NativeAccess.Vouched vouched = NativeAccess.vouch(lookup, binding,
                "link " + info.modelInterface().getName() + " to a lookup");
        return link(binding, linked, info, vouched, null, "the library");
    }

    /**
     * Opens the shared library at {@code library} in an automatic arena that the binding holds
     * (the library stays loaded as long as the binding is reachable), and links the binding to it.
     *
     * @param <T> the model interface
     * @param binding {@code MethodHandles.lookup()} in the generated binding class
     * @param linked the binding's class {@code Linked}
     * @param info the binding's {@code INFO}: the header and the symbols
     * @param library the shared library's file
     * @return an instance of the linked class
     * @throws IllegalCallerException when the code that called {@code load} is in a module
     *     without native access
     * @throws UnsatisfiedLinkError naming the path when the library cannot be loaded, or
     *     listing every symbol it lacks
     */
    public static <T> T link(MethodHandles.Lookup binding, Class<?> linked, ModelInfo info,
            Path library) {
        checkBinding(binding, linked);
        Arena arena = Arena.ofAuto();
        return link(binding, linked, info, Libraries.open(library, arena, binding),
                arena, "the library " + library.toAbsolutePath());
    }

    /**
     * Links one instance of the binding to each of {@code copies}: private copies of one library.
     *
     * @param <T> the model interface
     * @param binding {@code MethodHandles.lookup()} in the generated binding class
     * @param linked the binding's class {@code Linked}
     * @param info the binding's {@code INFO}: the header and the symbols
     * @param copies the copies' symbols, each usable as long as the binding is used
     * @return one linked binding per copy, in order
     * @throws IllegalCallerException when the code that called {@code load} is in a module
     *     without native access, unless tvmbind vouched for every lookup already
     * @throws UnsatisfiedLinkError listing every symbol a copy lacks
     * @throws IllegalArgumentException when there are no copies
     */
    public static <T> T[] linkCopies(MethodHandles.Lookup binding, Class<?> linked,
            ModelInfo info, List<SymbolLookup> copies) {
        checkBinding(binding, linked);
        if (copies.isEmpty()) {
            throw new IllegalArgumentException("no copies of the library to link "
                    + info.modelInterface().getName() + " to");
        }
        @SuppressWarnings("unchecked")
        T[] instances = (T[]) Array.newInstance(info.modelInterface(), copies.size());
        for (int i = 0; i < instances.length; i++) {
            NativeAccess.Vouched copy = NativeAccess.vouch(copies.get(i), binding,
                    "link " + info.modelInterface().getName() + " to a lookup");
            instances[i] = Linking.<T>link(binding, linked, info, copy, null,
                    "the library's private copy");
        }
        return instances;
    }

    @SuppressWarnings("unchecked") // the linked class implements the model interface
    private static <T> T link(MethodHandles.Lookup binding, Class<?> linked, ModelInfo info,
            NativeAccess.Vouched lookup, Arena library, String named) {
        Map<String, MemorySegment> found = new HashMap<>();
        List<String> missing = new ArrayList<>();
        for (String symbol : info.symbols()) {
            lookup.find(symbol).ifPresentOrElse(s -> found.put(symbol, s), () -> missing.add(symbol));
        }
        if (!missing.isEmpty()) {
            String none = missing.size() < info.symbols().size() ? ""
                    : "; it exports none of them: is it another model's library, or built for"
                            + " another prefix or model name than " + info.cName() + "?";
            throw PublicTypes.missingSymbols("the library lacks " + NameLists.cut(missing)
                    + "; implement " + info.header() + " (" + missing.size() + " of "
                    + info.symbols().size() + " symbols missing)" + none, missing, info.header());
        }
        CheckedLibrary.verify(info, lookup, named);
        Linkage linkage = new Linkage(found, FailedRun.of(lookup), library,
                lookup.owner() == null ? Linkage.Owner.NONE
                        : new Linkage.Owner(lookup.owner(), info.modelInterface().getName()),
                null, Map.of());
        try {
            return (T) info.modelInterface().cast(constructor(binding, linked, linkage).invoke());
        } catch (ExceptionInInitializerError e) {
            if (e.getCause() instanceof IllegalCallerException denied) {
                throw noNativeAccess(linked.getModule(), info, denied);
            }
            throw e;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("cannot instantiate the binding of "
                    + info.modelInterface().getName(), e);
        }
    }

    /**
     * Only a binding links its own class: {@code binding} must be the class's own lookup
     * ({@code ORIGINAL} access) of the class whose nestmate {@code linked} is, in a module with
     * native access, so that no other code can hand a binding's linked class a linkage of its
     * choosing.
     */
    static void checkBinding(MethodHandles.Lookup binding, Class<?> linked) {
        if ((binding.lookupModes() & MethodHandles.Lookup.ORIGINAL) == 0
                || linked.getNestHost() != binding.lookupClass()
                || linked == binding.lookupClass()) {
            throw new IllegalArgumentException("a binding links its own nested class only, with"
                    + " its own MethodHandles.lookup(); not " + linked.getName() + " from "
                    + binding);
        }
        NativeAccess.proven(binding, "link " + linked.getName());
    }

    /**
     * The constructor of the class linked to {@code linkage}: the named class when it is still
     * free (or already linked to the same library), else a new hidden copy.
     */
    static MethodHandle constructor(MethodHandles.Lookup binding, Class<?> linked,
            Linkage linkage) throws ReflectiveOperationException {
        MethodType noArguments = MethodType.methodType(void.class);
        synchronized (Linking.class) {
            if (!NAMED.containsKey(linked)) {
                PENDING.put(linked, linkage);
                try {
                    binding.ensureInitialized(linked);
                } finally {
                    PENDING.remove(linked);
                }
            }
            Linkage named = NAMED.get(linked);
            if (named == linkage || named != null && named.sameAddresses(linkage)) {
                return binding.findConstructor(linked, noArguments);
            }
        }
        MethodHandles.Lookup copy = binding.defineHiddenClassWithClassData(
                CLASS_FILES.get(linked), linkage, true, MethodHandles.Lookup.ClassOption.NESTMATE);
        return copy.findConstructor(copy.lookupClass(), noArguments);
    }

    /**
     * The binding links its own downcalls, and its description sizes an executor's buffers: its
     * module needs native access, and is told how.
     *
     * @param module the module of the binding's code
     * @param info the model
     * @param cause what the linker threw, or null
     * @return the exception to throw
     */
    public static IllegalCallerException noNativeAccess(Module module, ModelInfo info, Throwable cause) {
        String name = module.isNamed() ? module.getName() : "ALL-UNNAMED";
        return new IllegalCallerException("the binding of " + info.modelInterface().getName()
                + " links the model's functions, and describes the buffers they write, with the"
                + " native access of its module, which has none: run with"
                + " --enable-native-access=" + name, cause);
    }

    /** The linkage for a named linked class being initialised: {@link Linkage#of}'s other half. */
    static Linkage handOver(Class<?> linked) {
        Linkage linkage = PENDING.getOrDefault(linked, Linkage.NONE);
        NAMED.put(linked, linkage);
        return linkage;
    }

    /** The bytes of each linked class, read once: the template of its hidden copies. */
    private static final ClassValue<byte[]> CLASS_FILES = new ClassValue<>() {
        @Override
        protected byte[] computeValue(Class<?> type) {
            String file = type.getName().substring(type.getName().lastIndexOf('.') + 1) + ".class";
            try (InputStream in = type.getResourceAsStream(file)) {
                if (in == null) {
                    throw new IllegalStateException("cannot read the class file " + file + " of "
                            + type.getName());
                }
                return in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the class file of " + type.getName(), e);
            }
        }
    };
}
