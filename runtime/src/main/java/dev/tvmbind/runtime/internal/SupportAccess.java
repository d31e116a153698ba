package dev.tvmbind.runtime.internal;

import dev.tvmbind.runtime.internal.ffi.FfiLibrary;
import dev.tvmbind.runtime.internal.shared.InternalAccess;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandles;
import java.nio.file.Path;
import java.util.Map;

/** {@link InternalAccess.Internals} over this package's package-private members. */
final class SupportAccess implements InternalAccess.Internals {
    static {
        InternalAccess.register(new SupportAccess());
    }

    private SupportAccess() {}

    @Override
    public NativeAccess.Vouched vouched(SymbolLookup lookup, Path file) {
        return new NativeAccess.Vouched(lookup, file, null);
    }

    @Override
    public void checkBinding(MethodHandles.Lookup binding, Class<?> linked) {
        Linking.checkBinding(binding, linked);
    }

    @Override
    public Object link(MethodHandles.Lookup binding, Class<?> linked,
            Map<String, MemorySegment> symbols, Arena library, FfiLibrary ffi,
            Map<String, Long> selves) throws Throwable {
        return Linking.constructor(binding, linked, new Linkage(symbols, FailedRun.NONE, library,
                Linkage.Owner.NONE, ffi, selves)).invoke();
    }

    @Override
    public MemorySegment frame(Scratch scratch, int anys, long bytes) {
        scratch.begin(2 * anys, bytes);
        scratch.used = 16L * anys;
        return scratch.memory;
    }

    @Override
    public MemorySegment memory(Scratch scratch) {
        return scratch.memory;
    }

    @Override
    public long address(Scratch scratch) {
        return scratch.base;
    }

    @Override
    public long take(Scratch scratch, long bytes) {
        return scratch.take(bytes);
    }

    @Override
    public SegmentAllocator objects(Scratch scratch) {
        return scratch.objects;
    }

    @Override
    public long takeIn(SegmentAllocator memory, long bytes) {
        return memory instanceof ObjectMemory objects ? objects.take(bytes, 8) : -1;
    }

    @Override
    public MemorySegment region(SegmentAllocator memory) {
        return ((ObjectMemory) memory).region();
    }
}
