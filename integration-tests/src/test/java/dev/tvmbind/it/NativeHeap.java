package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.fail;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.function.Executable;

/**
 * How many blocks C's heap holds, for tests that every native object is freed exactly once: the
 * count of {@code src/test/preload/malloc_count.c}, which surefire preloads into the test JVM
 * ({@code LD_PRELOAD}). Blocks, not bytes: a leak of one small object a call is one block a call.
 */
final class NativeHeap {
    private NativeHeap() {}

    /** Windows a leak must show in before a test calls it one. */
    private static final int WINDOWS = 3;

    private static final MethodHandle LIVE = counter();

    @SuppressWarnings("restricted")
    private static MethodHandle counter() {
        String path = System.getProperty("tvmbind.mallocCount");
        if (path == null) {
            throw new ExceptionInInitializerError("-Dtvmbind.mallocCount is not set: run the tests"
                    + " through Maven, which builds the block counter and preloads it");
        }
        Linker linker = Linker.nativeLinker();
        SymbolLookup counter = SymbolLookup.libraryLookup(Path.of(path), Arena.global());
        MethodHandle live = linker.downcallHandle(counter.find("tvmbind_live_blocks")
                .orElseThrow(), FunctionDescriptor.of(ValueLayout.JAVA_LONG));
        long made;
        try {
            made = (long) linker.downcallHandle(counter.find("tvmbind_blocks_made").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_LONG)).invokeExact();
        } catch (Throwable e) {
            throw new ExceptionInInitializerError(e);
        }
        if (made == 0) {
            throw new ExceptionInInitializerError(path + " is loaded but counts nothing: it was"
                    + " not preloaded (LD_PRELOAD, which surefire sets for the test JVM)");
        }
        return live;
    }

    /**
     * Runs {@code calls} calls up to three times and passes on the first run after which C's heap
     * holds fewer than {@code calls / 4} more blocks than before it. A leak of one object a call
     * adds {@code calls} blocks to every run; the JIT's and the collector's own blocks, which their
     * threads take when they choose, do not repeat run after run, nor reach a quarter of the
     * calls. Each run's growth is in the failure's message.
     */
    static void assertFreed(int calls, Executable call) throws Throwable {
        for (int i = 0; i < 20_000; i++) {
            call.execute();
        }
        List<Long> grown = new ArrayList<>();
        for (int window = 0; window < WINDOWS; window++) {
            long before = live();
            for (int i = 0; i < calls; i++) {
                call.execute();
            }
            grown.add(live() - before);
            if (grown.get(window) < calls / 4) {
                return;
            }
        }
        fail("C's heap held more blocks after each of " + WINDOWS + " runs of " + calls
                + " calls: " + grown);
    }

    /** Blocks malloc has handed out and not got back, since the JVM began. */
    static long live() throws Throwable {
        return (long) LIVE.invokeExact();
    }
}
