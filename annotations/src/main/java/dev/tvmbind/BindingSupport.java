package dev.tvmbind;

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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What generated bindings share: linking, checks of arguments before a native call, UTF-8
 * strings. Used by generated code; applications have no need of it.
 *
 * <p>The restricted FFM methods ({@link java.lang.foreign.Linker#downcallHandle},
 * {@link SymbolLookup#libraryLookup}) are called here and in {@link Linkage}, so generated code
 * compiles without {@code -Xlint:restricted} warnings; run with
 * {@code --enable-native-access=dev.tvmbind} (module path) or
 * {@code --enable-native-access=ALL-UNNAMED} (class path).
 */
public final class BindingSupport {
    private BindingSupport() {}

    static {
        // Generated code passes addresses of its scratch memory as 64-bit integers.
        if (java.lang.foreign.ValueLayout.ADDRESS.byteSize() != Long.BYTES) {
            throw new ExceptionInInitializerError("tvmbind needs a platform with 64-bit addresses");
        }
    }

    /**
     * Links a binding to the symbols of {@code lookup}: resolves every symbol of the model's
     * entry points, then defines a hidden copy of the binding class with them as its
     * {@link Linkage}, and returns an instance of the copy.
     *
     * @param <T> the model interface
     * @param binding {@code MethodHandles.lookup()} in the generated binding class
     * @param model the model interface the binding implements
     * @param info the binding's {@code INFO}: the header and the symbols
     * @param lookup where to find the symbols; it must stay usable as long as the binding is used
     * @return an instance of the linked copy
     * @throws UnsatisfiedLinkError listing every symbol the lookup lacks
     */
    public static <T> T link(MethodHandles.Lookup binding, Class<T> model, ModelInfo info,
            SymbolLookup lookup) {
        return link(binding, model, info, lookup, null);
    }

    /**
     * Opens the shared library at {@code library} in an automatic arena that the binding holds
     * (the library stays loaded as long as the binding is reachable), and links the binding to it.
     *
     * @param <T> the model interface
     * @param binding {@code MethodHandles.lookup()} in the generated binding class
     * @param model the model interface the binding implements
     * @param info the binding's {@code INFO}: the header and the symbols
     * @param library the shared library's file
     * @return an instance of the linked copy
     * @throws UnsatisfiedLinkError naming the path when the library cannot be loaded, or
     *     listing every symbol it lacks
     */
    public static <T> T link(MethodHandles.Lookup binding, Class<T> model, ModelInfo info,
            Path library) {
        Arena arena = Arena.ofAuto();
        return link(binding, model, info, openLibrary(library, arena), arena);
    }

    /**
     * Links one copy of a binding to each of {@code copies}: private copies of one library.
     *
     * @param <T> the model interface
     * @param binding {@code MethodHandles.lookup()} in the generated binding class
     * @param model the model interface the binding implements
     * @param info the binding's {@code INFO}: the header and the symbols
     * @param copies the copies' symbols, each usable as long as the binding is used
     * @return one linked binding per copy, in order
     * @throws UnsatisfiedLinkError listing every symbol a copy lacks
     * @throws IllegalArgumentException when there are no copies
     */
    public static <T> T[] linkCopies(MethodHandles.Lookup binding, Class<T> model, ModelInfo info,
            List<SymbolLookup> copies) {
        if (copies.isEmpty()) {
            throw new IllegalArgumentException("no copies of the library to link " + model.getName()
                    + " to");
        }
        @SuppressWarnings("unchecked")
        T[] linked = (T[]) Array.newInstance(model, copies.size());
        for (int i = 0; i < linked.length; i++) {
            linked[i] = link(binding, model, info, copies.get(i), null);
        }
        return linked;
    }

    private static <T> T link(MethodHandles.Lookup binding, Class<T> model, ModelInfo info,
            SymbolLookup lookup, Arena library) {
        Objects.requireNonNull(lookup, "lookup");
        Map<String, MemorySegment> found = new HashMap<>();
        List<String> missing = new ArrayList<>();
        for (String symbol : info.symbols()) {
            lookup.find(symbol).ifPresentOrElse(s -> found.put(symbol, s), () -> missing.add(symbol));
        }
        if (!missing.isEmpty()) {
            String none = missing.size() < info.symbols().size() ? ""
                    : "; it exports none of them: is it another model's library, or built for"
                            + " another prefix or model name than " + info.cName() + "?";
            throw new UnsatisfiedLinkError("the library lacks " + String.join(", ", missing)
                    + "; implement " + info.header() + " (" + missing.size() + " of "
                    + info.symbols().size() + " symbols missing)" + none);
        }
        CheckedOutput.of(model).ifPresent(checked -> checked.verify(info, lookup));
        return instantiate(binding, model, new Linkage(found, FailedRun.of(lookup), library));
    }

    /**
     * Opens a shared library for the lifetime of {@code arena}.
     *
     * @throws UnsatisfiedLinkError naming the path and why it cannot be loaded: missing, a
     *     directory, not a shared library, or the dynamic loader's reason
     */
    @SuppressWarnings("restricted")
    static SymbolLookup openLibrary(Path library, Arena arena) {
        checkLibraryFile(library);
        Path absolute = library.toAbsolutePath();
        try {
            return SymbolLookup.libraryLookup(library, arena);
        } catch (IllegalArgumentException e) {
            UnsatisfiedLinkError error = new UnsatisfiedLinkError("cannot load " + absolute + ": "
                    + whyNotLoaded(absolute, e));
            error.initCause(e);
            throw error;
        }
    }

    /**
     * Refuses what is not a file before the dynamic loader sees it.
     *
     * @throws UnsatisfiedLinkError naming the path: missing, or a directory
     */
    static void checkLibraryFile(Path library) {
        Objects.requireNonNull(library, "library");
        Path absolute = library.toAbsolutePath();
        if (Files.isDirectory(library)) {
            throw new UnsatisfiedLinkError("cannot load " + absolute + ": it is a directory; pass"
                    + " the shared library file in it");
        }
        if (!Files.isRegularFile(library)) {
            throw new UnsatisfiedLinkError("cannot load " + absolute + ": no such file");
        }
    }

    /** ELF, Mach-O (both byte orders, 32 and 64 bits, universal) and PE files begin so. */
    private static final List<byte[]> LIBRARY_MAGIC = List.of(new byte[] {0x7f, 'E', 'L', 'F'},
            new byte[] {(byte) 0xcf, (byte) 0xfa, (byte) 0xed, (byte) 0xfe},
            new byte[] {(byte) 0xce, (byte) 0xfa, (byte) 0xed, (byte) 0xfe},
            new byte[] {(byte) 0xfe, (byte) 0xed, (byte) 0xfa, (byte) 0xcf},
            new byte[] {(byte) 0xca, (byte) 0xfe, (byte) 0xba, (byte) 0xbe},
            new byte[] {'M', 'Z'});

    /**
     * Why FFM could not open a file, which its own exception does not say: the file is not a
     * shared library at all, or the dynamic loader's reason (a missing dependency, a wrong
     * architecture), which only {@link System#load} reports.
     */
    @SuppressWarnings("restricted")
    private static String whyNotLoaded(Path library, IllegalArgumentException failure) {
        byte[] head;
        try (InputStream in = Files.newInputStream(library)) {
            head = in.readNBytes(4);
        } catch (IOException e) {
            return "cannot read it: " + e.getMessage();
        }
        boolean looksLikeALibrary = LIBRARY_MAGIC.stream().anyMatch(magic -> head.length
                >= magic.length && Arrays.equals(head, 0, magic.length, magic, 0, magic.length));
        if (!looksLikeALibrary) {
            return "it is not a shared library (it does not begin as an ELF, Mach-O or PE file"
                    + " does); build the model's C into one, e.g. gcc -shared -fPIC";
        }
        try {
            System.load(library.toString());
        } catch (UnsatisfiedLinkError e) {
            return "the dynamic loader refused it: " + e.getMessage();
        }
        return failure.getMessage();
    }

    /** The bytes of each binding class, read once: the template of its hidden copies. */
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

    /**
     * Defines a hidden copy of the binding class of {@code binding} with {@code linkage} as its
     * class data, and returns an instance of it. The copy's static initializer links its
     * {@code static final} method handles from the linkage: constants for the JIT, whichever
     * library each copy was linked to.
     */
    private static <T> T instantiate(MethodHandles.Lookup binding, Class<T> model,
            Linkage linkage) {
        try {
            MethodHandles.Lookup copy = binding.defineHiddenClassWithClassData(
                    CLASS_FILES.get(binding.lookupClass()), linkage, true);
            MethodHandle constructor = copy.findConstructor(copy.lookupClass(),
                    MethodType.methodType(void.class));
            return model.cast(constructor.invoke());
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("cannot instantiate the binding of " + model.getName(), e);
        }
    }

    /**
     * Checks a plain function's segment argument: FFM would refuse a closed or foreign-thread
     * segment too, but without naming the parameter.
     *
     * @param segment the argument
     * @param parameter the Java parameter's name, for messages
     */
    public static void checkSegment(MemorySegment segment, String parameter) {
        Objects.requireNonNull(segment, parameter);
        checkUsable(segment, parameter);
    }

    /**
     * Refuses a segment whose arena is closed or confined to another thread. A tensor's address
     * goes into a struct as a plain number, so FFM's own checks never see it: without this, a
     * closed arena's memory would reach C (a use after free, or a crash once it is unmapped).
     * Messages are built only on failure, so that a call allocates nothing.
     *
     * @param argument what messages call the segment: the parameter, or its tensor argument
     */
    static void checkUsable(MemorySegment segment, Object argument) {
        if (!segment.scope().isAlive()) {
            throw new IllegalStateException(argument
                    + " is a segment of an arena that is already closed");
        }
        if (!segment.isAccessibleBy(Thread.currentThread())) {
            throw new WrongThreadException(argument + " is a segment of an arena confined to"
                    + " another thread than " + Thread.currentThread());
        }
    }

    /**
     * The bytes of a C string: UTF-8, without the terminating NUL, which must not occur inside.
     *
     * @param string the argument
     * @param parameter the Java parameter's name, for messages
     * @return its UTF-8 bytes
     */
    public static byte[] utf8(String string, String parameter) {
        Objects.requireNonNull(string, parameter);
        if (string.indexOf('\0') >= 0) {
            throw new IllegalArgumentException(parameter + " contains a NUL character, which would"
                    + " end the C string early");
        }
        return string.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * An exception of a downcall, unchanged when unchecked: a downcall throws no checked one.
     *
     * @param e what {@code invokeExact} threw
     * @return the exception to throw (an {@code Error} is thrown here)
     */
    public static RuntimeException rethrow(Throwable e) {
        if (e instanceof RuntimeException runtime) {
            return runtime;
        }
        if (e instanceof Error error) {
            throw error;
        }
        return new IllegalStateException("unexpected exception from a native call", e);
    }
}
