package dev.tvmbind.runtime.internal.shared;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What the dynamic loader knows of loaded code, where the C library offers it ({@code dladdr},
 * {@code dlopen}): which file an address lies in, and making an already loaded library's symbols
 * global.
 */
public final class NativeFiles {
    private NativeFiles() {}

    /** glibc's {@code RTLD_LAZY}, {@code RTLD_NOLOAD}, {@code RTLD_GLOBAL}. */
    private static final int RTLD_LAZY = 1;
    private static final int RTLD_NOLOAD = 4;
    private static final int RTLD_GLOBAL = 0x100;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final MethodHandle DLADDR = handle("dladdr", FunctionDescriptor.of(
            ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS));
    private static final MethodHandle DLOPEN = handle("dlopen", FunctionDescriptor.of(
            ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));

    @SuppressWarnings("restricted")
    private static MethodHandle handle(String name, FunctionDescriptor descriptor) {
        return LINKER.defaultLookup().find(name).map(f -> LINKER.downcallHandle(f, descriptor))
                .orElse(null);
    }

    /** The file of the loaded object {@code address} lies in ({@code dladdr}), if known. */
    @SuppressWarnings("restricted")
    public static Optional<Path> of(long address) {
        if (DLADDR == null || address <= 1) {
            return Optional.empty();
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment info = arena.allocate(32, 8);
            int found = (int) DLADDR.invokeExact(address, info);
            long name = info.get(ValueLayout.JAVA_LONG, 0);
            if (found == 0 || name == 0) {
                return Optional.empty();
            }
            String file = MemorySegment.ofAddress(name).reinterpret(4096).getString(0);
            return file.isEmpty() ? Optional.empty() : Optional.of(Path.of(file));
        } catch (Throwable e) {
            return Optional.empty();
        }
    }

    /**
     * Makes the symbols of {@code file}, which is loaded already, global: libraries loaded later
     * without a {@code NEEDED} entry for it (TVM's exported kernels) find them.
     *
     * @return whether it was loaded and is global now
     */
    public static boolean promote(Path file) {
        return open(file, RTLD_LAZY | RTLD_NOLOAD | RTLD_GLOBAL);
    }

    /** Loads {@code file} with global visibility; the caller guards the signals. */
    public static boolean openGlobal(Path file) {
        return open(file, RTLD_LAZY | RTLD_GLOBAL);
    }

    private static boolean open(Path file, int mode) {
        if (DLOPEN == null) {
            return false;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment handle = (MemorySegment) DLOPEN.invokeExact(
                    arena.allocateFrom(file.toString()), mode);
            return !handle.equals(MemorySegment.NULL);
        } catch (Throwable e) {
            return false;
        }
    }
}
