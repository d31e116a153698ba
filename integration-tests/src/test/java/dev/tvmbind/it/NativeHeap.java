package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.fail;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.function.Executable;

/** What C's heap holds, for tests that every native object is freed exactly once. */
final class NativeHeap {
    private NativeHeap() {}

    private static final StructLayout MALLINFO2 = MemoryLayout.structLayout(
            MemoryLayout.sequenceLayout(10, ValueLayout.JAVA_LONG));

    /** Windows a leak must show in before a test calls it one. */
    private static final int WINDOWS = 3;

    /**
     * Runs {@code calls} calls up to three times and passes on the first run that leaves C's heap
     * within {@code slack} bytes of where it began. A leak of even a few bytes a call grows every
     * run by the same amount; the JIT's and the collector's own memory, which their threads
     * malloc when they choose (13 MB once, on a loaded machine), does not repeat run after run.
     * Each run's growth is in the failure's message.
     */
    static void assertFreed(int calls, long slack, Executable call) throws Throwable {
        for (int i = 0; i < 20_000; i++) {
            call.execute();
        }
        List<Long> grown = new ArrayList<>();
        for (int window = 0; window < WINDOWS; window++) {
            long before = allocated();
            for (int i = 0; i < calls; i++) {
                call.execute();
            }
            grown.add(allocated() - before);
            if (grown.get(window) < slack) {
                return;
            }
        }
        fail("malloc'ed bytes grew in each of " + WINDOWS + " runs of " + calls + " calls: "
                + grown);
    }

    /** glibc's {@code mallinfo2().uordblks}: bytes malloc has handed out and not got back. */
    @SuppressWarnings("restricted")
    private static long allocated() throws Throwable {
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
