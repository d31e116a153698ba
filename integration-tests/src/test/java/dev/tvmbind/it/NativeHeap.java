package dev.tvmbind.it;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/** What C's heap holds, for tests that every native object is freed exactly once. */
final class NativeHeap {
    private NativeHeap() {}

    private static final StructLayout MALLINFO2 = MemoryLayout.structLayout(
            MemoryLayout.sequenceLayout(10, ValueLayout.JAVA_LONG));

    /** glibc's {@code mallinfo2().uordblks}: bytes malloc has handed out and not got back. */
    @SuppressWarnings("restricted")
    static long allocated() throws Throwable {
        Linker linker = Linker.nativeLinker();
        MethodHandle mallinfo2 = linker.downcallHandle(
                linker.defaultLookup().find("mallinfo2").orElseThrow(),
                FunctionDescriptor.of(MALLINFO2));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment result = (MemorySegment) mallinfo2.invokeExact(
                    (SegmentAllocator) arena);
            return result.getAtIndex(ValueLayout.JAVA_LONG, 7);
        }
    }
}
