package dev.tvmbind.runtime.internal.shared;

import dev.tvmbind.runtime.internal.NativeAccess;
import dev.tvmbind.runtime.internal.Scratch;
import dev.tvmbind.runtime.internal.ffi.FfiLibrary;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandles;
import java.nio.file.Path;
import java.util.Map;

/**
 * What the support package of tvm-ffi bindings ({@code internal.ffi}) may do that the model's
 * ({@code internal}) keeps package-private, because a public member there would be a door for
 * every module: make a vouched lookup, construct a binding's linked class over symbols, reach a
 * call's scratch memory. This package is exported to nobody, so only the runtime reaches it, as
 * the JDK's own {@code jdk.internal.access} is reached; {@code internal} registers the one
 * implementation when this class first asks for it.
 */
public final class InternalAccess {
    private InternalAccess() {}

    /** The operations, implemented in {@code internal}. */
    public interface Internals {
        /** A lookup the runtime itself vouches for: a library it loaded. */
        NativeAccess.Vouched vouched(SymbolLookup lookup, Path file);

        /** Refuses a lookup that is not {@code linked}'s binding's own ({@code Linking}'s rule). */
        void checkBinding(MethodHandles.Lookup binding, Class<?> linked);

        /** A new instance of {@code linked} over {@code symbols}, as a tvm-ffi binding links. */
        Object link(MethodHandles.Lookup binding, Class<?> linked, Map<String, MemorySegment> symbols,
                Arena library, FfiLibrary ffi, Map<String, Long> selves) throws Throwable;

        /** Begins a call's frame of {@code anys} values and {@code bytes} of strings. */
        MemorySegment frame(Scratch scratch, int anys, long bytes);

        /** The scratch's memory: a call's values at {@code 16 * i}. */
        MemorySegment memory(Scratch scratch);

        /** The address of {@link #memory}. */
        long address(Scratch scratch);

        /** Takes {@code bytes} of the scratch, returning their offset in {@link #memory}. */
        long take(Scratch scratch, long bytes);

        /** What a call's containers and callbacks take beside the frame. */
        SegmentAllocator objects(Scratch scratch);

        /**
         * Takes {@code bytes} (8-aligned) of a call's {@link #objects} without a slice: their
         * offset in {@link #region}; -1 for other memory or too many bytes.
         */
        long takeIn(SegmentAllocator memory, long bytes);

        /** The region {@link #takeIn} last took from. */
        MemorySegment region(SegmentAllocator memory);
    }

    private static volatile Internals internals;

    /** Called once, by {@code internal}'s implementation as it initialises. */
    public static void register(Internals implementation) {
        if (internals != null) {
            throw new IllegalStateException("registered already");
        }
        internals = implementation;
    }

    /** The implementation, {@code internal}'s class initialised first if need be. */
    public static Internals get() {
        if (internals == null) {
            try {
                Class.forName("dev.tvmbind.runtime.internal.SupportAccess", true,
                        InternalAccess.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
        }
        return internals;
    }
}
