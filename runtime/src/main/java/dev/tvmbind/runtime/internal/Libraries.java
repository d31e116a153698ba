package dev.tvmbind.runtime.internal;

import dev.tvmbind.runtime.internal.shared.PublicTypes;
import dev.tvmbind.runtime.internal.shared.Signals;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Opens shared libraries for callers with native access ({@link SymbolLookup#libraryLookup} is
 * restricted, and a library's constructors run as it loads), and says why when a library cannot be
 * opened, which FFM's own exception does not.
 */
public final class Libraries {
    private Libraries() {}

    /** ELF, Mach-O (both byte orders, 32 and 64 bits, universal) and PE files begin so. */
    private static final List<byte[]> LIBRARY_MAGIC = List.of(new byte[] {0x7f, 'E', 'L', 'F'},
            new byte[] {(byte) 0xcf, (byte) 0xfa, (byte) 0xed, (byte) 0xfe},
            new byte[] {(byte) 0xce, (byte) 0xfa, (byte) 0xed, (byte) 0xfe},
            new byte[] {(byte) 0xfe, (byte) 0xed, (byte) 0xfa, (byte) 0xcf},
            new byte[] {(byte) 0xca, (byte) 0xfe, (byte) 0xba, (byte) 0xbe},
            new byte[] {'M', 'Z'});

    /** {@code RTLD_LAZY} of glibc and of macOS. */
    private static final int RTLD_LAZY = 1;

    /**
     * Opens a shared library for the lifetime of {@code arena}, once the caller is found to have
     * native access ({@link NativeAccess#requireCaller}).
     *
     * @param library the library's file
     * @param arena how long it stays loaded
     * @param binding the generated binding's own {@code MethodHandles.lookup()}, or null
     * @return its symbols
     * @throws IllegalCallerException when the caller's module has no native access
     * @throws UnsatisfiedLinkError naming the path and why it cannot be loaded: missing, a
     *     directory, not a file, not a shared library for this machine, truncated, or the dynamic
     *     loader's reason
     */
    public static NativeAccess.Vouched open(Path library, Arena arena,
            java.lang.invoke.MethodHandles.Lookup binding) {
        NativeAccess.requireCaller(binding, "open the library " + library);
        return openChecked(library, arena);
    }

    /**
     * Opens again, for the lifetime of {@code arena}, the file of a library that code with native
     * access chose before.
     *
     * @param original what {@link #open} returned for it
     * @param arena how long it stays loaded
     * @return its symbols
     */
    public static NativeAccess.Vouched reopen(NativeAccess.Vouched original, Arena arena) {
        return openChecked(original.file(), arena);
    }

    /**
     * Refuses, naming it, a file the dynamic loader must not see: not a regular file, or (on
     * Linux) not an ELF shared library it could map for this JVM.
     *
     * @throws dev.tvmbind.runtime.UnreadableLibraryError naming the path and why
     */
    public static void checkLoadable(Path library) {
        checkFile(library);
        Path absolute = library.toAbsolutePath();
        if (ElfCheck.APPLIES) {
            Optional<String> problem;
            try {
                problem = ElfCheck.problem(library);
            } catch (IOException e) {
                problem = Optional.of("cannot read it: " + e.getMessage());
            }
            problem.ifPresent(why -> {
                throw PublicTypes.unreadable("cannot load " + absolute + ": " + why, absolute);
            });
        }
    }

    /**
     * Opens a private copy of {@code original}: what goes wrong is said of the user's file.
     *
     * @return the copy's symbols, to be copied again from {@code original}
     */
    static NativeAccess.Vouched openCopy(Path copy, Path original, Arena arena) {
        try {
            return openChecked(copy, arena).copyOf(original);
        } catch (UnsatisfiedLinkError e) {
            UnsatisfiedLinkError error = PublicTypes.unreadable(e.getMessage().replace(
                    copy.toAbsolutePath().toString(), original + " (a private copy of it)"),
                    original);
            error.initCause(e);
            throw error;
        }
    }

    /** Opens a file whose caller was checked, or that tvmbind copied from one. */
    @SuppressWarnings("restricted")
    static NativeAccess.Vouched openChecked(Path library, Arena arena) {
        checkLoadable(library);
        Path absolute = library.toAbsolutePath();
        try {
            // A library's constructors may take the JVM's signals: put back at once.
            return new NativeAccess.Vouched(Signals.keep(absolute.toString(),
                    () -> SymbolLookup.libraryLookup(library, arena)), absolute, null);
        } catch (IllegalArgumentException e) {
            UnsatisfiedLinkError error = PublicTypes.unreadable("cannot load " + absolute + ": "
                    + whyNotLoaded(absolute, e), absolute);
            error.initCause(e);
            throw error;
        }
    }

    /**
     * Refuses what is not a file before the dynamic loader sees it.
     *
     * @param library the library's file
     * @throws dev.tvmbind.runtime.UnreadableLibraryError naming the path: missing, a directory,
     *     or not a regular file
     *     (a FIFO would block the loader's open; a device is no library)
     */
    public static void checkFile(Path library) {
        Objects.requireNonNull(library, "library");
        Path absolute = library.toAbsolutePath();
        if (Files.isDirectory(library)) {
            throw PublicTypes.unreadable("cannot load " + absolute + ": it is a directory; pass"
                    + " the shared library file in it", absolute);
        }
        if (!Files.exists(library)) {
            throw PublicTypes.unreadable("cannot load " + absolute + ": no such file", absolute);
        }
        if (!Files.isRegularFile(library)) {
            throw PublicTypes.unreadable("cannot load " + absolute + ": it is not a regular file"
                    + " (a FIFO, a device or a socket); pass the shared library file", absolute);
        }
    }

    /**
     * Why FFM could not open a file: it is not a shared library at all, or the dynamic loader's
     * reason (a missing dependency, another architecture), asked of {@code dlopen} again, which
     * fails as it just did and so runs nothing of the library.
     */
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
        return loaderReason(library).map(reason -> "the dynamic loader refused it: " + reason)
                .orElse(failure.getMessage());
    }

    /** What {@code dlerror()} says after {@code dlopen} of the file, where the C library has both. */
    @SuppressWarnings("restricted")
    private static Optional<String> loaderReason(Path library) {
        Linker linker = Linker.nativeLinker();
        SymbolLookup libc = linker.defaultLookup();
        Optional<MemorySegment> dlopen = libc.find("dlopen");
        Optional<MemorySegment> dlerror = libc.find("dlerror");
        Optional<MemorySegment> dlclose = libc.find("dlclose");
        if (dlopen.isEmpty() || dlerror.isEmpty() || dlclose.isEmpty()) {
            return Optional.empty();
        }
        MethodHandle open = linker.downcallHandle(dlopen.get(), FunctionDescriptor.of(
                ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
        MethodHandle error = linker.downcallHandle(dlerror.get(), FunctionDescriptor.of(
                ValueLayout.ADDRESS.withTargetLayout(
                        java.lang.foreign.MemoryLayout.sequenceLayout(4096, ValueLayout.JAVA_BYTE))));
        MethodHandle close = linker.downcallHandle(dlclose.get(),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment handle = (MemorySegment) open.invokeExact(
                    arena.allocateFrom(library.toString()), RTLD_LAZY);
            if (!handle.equals(MemorySegment.NULL)) {
                // Loaded after all (the file changed in between): let go of it again.
                int ignored = (int) close.invokeExact(handle);
                return Optional.empty();
            }
            MemorySegment text = (MemorySegment) error.invokeExact();
            return text.equals(MemorySegment.NULL) ? Optional.empty()
                    : Optional.of(text.getString(0));
        } catch (Throwable e) {
            return Optional.empty();
        }
    }
}
