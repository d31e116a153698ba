package dev.tvmbind;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.constant.ConstantDescs;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What generated bindings share: linking, checks of arguments before a native call, UTF-8
 * strings. Used by generated code; applications have no need of it.
 *
 * <p>The restricted FFM methods ({@link Linker#downcallHandle}, {@link SymbolLookup#libraryLookup})
 * are called here, so generated code compiles without {@code -Xlint:restricted} warnings; run
 * with {@code --enable-native-access=dev.tvmbind} (module path) or
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
     * Opens a shared library for the lifetime of {@code arena}.
     *
     * @throws UnsatisfiedLinkError naming the path, when the file is missing or cannot be loaded
     */
    @SuppressWarnings("restricted")
    public static SymbolLookup openLibrary(Path library, Arena arena) {
        Objects.requireNonNull(library, "library");
        if (!Files.isRegularFile(library)) {
            throw new UnsatisfiedLinkError("cannot load " + library.toAbsolutePath()
                    + ": no such file");
        }
        try {
            return SymbolLookup.libraryLookup(library, arena);
        } catch (IllegalArgumentException e) {
            UnsatisfiedLinkError error = new UnsatisfiedLinkError("cannot load "
                    + library.toAbsolutePath() + ": " + e.getMessage());
            error.initCause(e);
            throw error;
        }
    }

    /**
     * Finds every symbol, or fails once naming all that are missing.
     *
     * @param header the header the library must implement, for the message
     * @return the symbols' addresses, in the order given
     * @throws UnsatisfiedLinkError listing every missing symbol
     */
    public static MemorySegment[] resolve(SymbolLookup lookup, String header, String... symbols) {
        Objects.requireNonNull(lookup, "lookup");
        MemorySegment[] found = new MemorySegment[symbols.length];
        List<String> missing = new ArrayList<>();
        for (int i = 0; i < symbols.length; i++) {
            Optional<MemorySegment> symbol = lookup.find(symbols[i]);
            if (symbol.isPresent()) {
                found[i] = symbol.get();
            } else {
                missing.add(symbols[i]);
            }
        }
        if (!missing.isEmpty()) {
            throw new UnsatisfiedLinkError("the library lacks " + String.join(", ", missing)
                    + "; implement " + header + " (" + missing.size() + " of " + symbols.length
                    + " symbols missing)");
        }
        return found;
    }

    /** Links a downcall to {@code symbol}, with {@code Linker.Option.critical} when asked. */
    @SuppressWarnings("restricted")
    public static MethodHandle downcall(MemorySegment symbol, FunctionDescriptor descriptor,
            Linker.Option... options) {
        return Linker.nativeLinker().downcallHandle(symbol, descriptor, options);
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
     * Defines a hidden copy of the binding class of {@code lookup} whose static fields hold
     * {@code linked}, and returns an instance of it. The copy's {@code static final} method handles
     * are then constants for the JIT, whichever library each copy was linked to.
     *
     * @param lookup a full-privilege lookup on the generated binding class
     * @param model the model interface the binding implements
     * @param linked the values of the binding's linked static fields, in their order
     */
    public static <T> T instantiate(MethodHandles.Lookup lookup, Class<T> model, Object... linked) {
        try {
            MethodHandles.Lookup copy = lookup.defineHiddenClassWithClassData(
                    CLASS_FILES.get(lookup.lookupClass()), linked.clone(), true);
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
     * The linked values of a binding class: null for the class loaded from its file, the values
     * given to {@link #instantiate} for each hidden copy.
     */
    public static Object[] classData(MethodHandles.Lookup lookup) {
        try {
            return MethodHandles.classData(lookup, ConstantDescs.DEFAULT_NAME, Object[].class);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Checks a tensor passed as a segment before its address goes into a struct.
     *
     * @param role "input", "output", "workspace pool" or "device"
     * @param tensor the tensor's name in the model
     * @param parameter the Java parameter's name
     * @param size the declared size in bytes, 0 when unknown
     * @param written whether the model writes it (outputs, pools)
     */
    public static void checkTensor(String role, String tensor, String parameter,
            MemorySegment segment, long size, boolean written) {
        Objects.requireNonNull(segment, parameter);
        checkUsable(segment, role, tensor, parameter);
        if (!segment.isNative() || segment.address() == 0) {
            throw new IllegalArgumentException(role + " '" + tensor + "' (" + parameter + ") is "
                    + (segment.isNative() ? "MemorySegment.NULL" : "a heap segment")
                    + "; TVM's structs hold native addresses: pass native memory or an array");
        }
        if (segment.byteSize() < size) {
            throw new IllegalArgumentException(role + " '" + tensor + "' (" + parameter + ") needs "
                    + size + " bytes, the segment has " + segment.byteSize());
        }
        if (written && segment.isReadOnly()) {
            throw new IllegalArgumentException(role + " '" + tensor + "' (" + parameter
                    + ") is read-only, but the model writes it");
        }
    }

    /**
     * Checks a plain function's segment argument: FFM would refuse a closed or foreign-thread
     * segment too, but without naming the parameter.
     */
    public static void checkSegment(MemorySegment segment, String parameter) {
        Objects.requireNonNull(segment, parameter);
        checkUsable(segment, null, null, parameter);
    }

    /**
     * Refuses a segment whose arena is closed or confined to another thread. A tensor's address
     * goes into a struct as a plain number, so FFM's own checks never see it: without this, a
     * closed arena's memory would reach C (a use after free, or a crash once it is unmapped).
     * Messages are built only on failure, so that a call allocates nothing.
     *
     * @param role the tensor's role, or null for a plain function's parameter
     */
    private static void checkUsable(MemorySegment segment, String role, String tensor,
            String parameter) {
        if (!segment.scope().isAlive()) {
            throw new IllegalStateException(describe(role, tensor, parameter)
                    + " is a segment of an arena that is already closed");
        }
        if (!segment.isAccessibleBy(Thread.currentThread())) {
            throw new WrongThreadException(describe(role, tensor, parameter) + " is a segment of"
                    + " an arena confined to another thread than " + Thread.currentThread());
        }
    }

    private static String describe(String role, String tensor, String parameter) {
        return role == null ? parameter : role + " '" + tensor + "' (" + parameter + ")";
    }

    /**
     * Checks the size of a tensor passed as an array.
     *
     * @param bytes the array's size in bytes
     */
    public static void checkTensorArray(String role, String tensor, String parameter, long bytes,
            long size) {
        if (bytes < size) {
            throw new IllegalArgumentException(role + " '" + tensor + "' (" + parameter + ") needs "
                    + size + " bytes, the array has " + bytes);
        }
    }

    /**
     * Checks that a tensor passed as an array has exactly its shape's number of elements.
     *
     * @param length the array's length
     * @param elements the product of the shape's dimensions
     * @param shape the shape as the interface writes it, for the message
     */
    public static void checkTensorShape(String role, String tensor, String parameter, int length,
            long elements, String shape) {
        if (length != elements) {
            throw new IllegalArgumentException(role + " '" + tensor + "' (" + parameter
                    + ") has shape " + shape + ", " + elements + " elements; the array has "
                    + length);
        }
    }

    /** The bytes of a C string: UTF-8, without the terminating NUL, which must not occur inside. */
    public static byte[] utf8(String string, String parameter) {
        Objects.requireNonNull(string, parameter);
        if (string.indexOf('\0') >= 0) {
            throw new IllegalArgumentException(parameter + " contains a NUL character, which would"
                    + " end the C string early");
        }
        return string.getBytes(StandardCharsets.UTF_8);
    }

    /** {@code bytes} rounded up to a multiple of 8, so every array in scratch memory is aligned. */
    public static long align(long bytes) {
        return (bytes + 7) & -8L;
    }

    /** An exception of a downcall, unchanged when unchecked: a downcall throws no checked one. */
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
