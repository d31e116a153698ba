package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.runtime.ffi.FfiFunction;
import dev.tvmbind.runtime.ffi.TvmFfiException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Functions a library returns ({@code ffi.Function} → a {@code @TvmFfi.Callback} interface Java
 * calls): C++ lambdas, Java's own function handed back (a round trip through C++), errors, an
 * absent function, two threads at once, and each function released once: the library counts
 * its captures' constructions and destructions, and after 100,000 functions the two agree.
 */
class FfiReturnedFunctionTest {
    private static FfiCallbacks callbacks(boolean metadata) throws Exception {
        return FfiCallbacksBinding.load(FfiLibraries.of("ffi_callbacks", metadata));
    }

    /**
     * Both builds of a library that registers a global function at load, each binding dropped
     * and collected before the next load: the library stays loaded (an unload left the registry
     * holding its function, and the next registration of that name called the unloaded deleter:
     * CI's exit 134), and the global still answers.
     */
    @Test
    void aLibraryThatRegisteredAGlobalIsNeverUnloaded() throws Exception {
        for (int i = 0; i < 4; i++) {
            callbacks(i % 2 == 1);
            System.gc();
            Thread.sleep(20);
        }
        assertEquals(12, callbacks(false).find("ffi_callbacks.triple").orElseThrow().score(4));
    }

    @Test
    void aFunctionTheLibraryReturnsIsTheInterfaceJavaCalls() throws Exception {
        FfiCallbacks c = callbacks(false);
        FfiCallbacks.Scorer addFive = c.makeAdder(5);
        assertEquals(12, addFive.score(7));
        assertEquals(-5, addFive.score(-10));
        // Java → C++ → Java: the returned function calls the lambda twice.
        FfiCallbacks.Scorer composed = c.compose(x -> x * 3);
        assertEquals(45, composed.score(5));
    }

    @Test
    void errorsOfAReturnedFunctionReachItsCaller() throws Exception {
        FfiCallbacks c = callbacks(false);
        TvmFfiException e = assertThrows(TvmFfiException.class, () -> c.failing().score(4));
        assertEquals("ValueError", e.kind());
        assertEquals("no score for 4", e.errorMessage());
        IllegalStateException thrown = new IllegalStateException("inner");
        TvmFfiException through = assertThrows(TvmFfiException.class,
                () -> c.compose(x -> { throw thrown; }).score(1));
        assertEquals("JavaError", through.kind());
        assertEquals(thrown, through.getCause());
    }

    @Test
    void anAbsentFunctionIsEmpty() throws Exception {
        FfiCallbacks c = callbacks(false);
        assertEquals(12, c.find("ffi_callbacks.triple").orElseThrow().score(4));
        assertEquals(Optional.empty(), c.find("ffi_callbacks.no_such_function"));
    }

    @Test
    void twoThreadsCallOneFunctionAndEachGetsItsOwnResults() throws Exception {
        FfiCallbacks c = callbacks(false);
        FfiCallbacks.Scorer composed = c.compose(x -> x + 1);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<Integer>> wrong = List.of(0, 1).stream().map(t -> pool.submit(() -> {
                int bad = 0;
                for (long i = 0; i < 20_000; i++) {
                    long x = t * 1_000_000L + i;
                    bad += composed.score(x) == x + 2 && c.makeAdder(i).score(x) == x + i ? 0 : 1;
                }
                return bad;
            })).toList();
            for (Future<Integer> f : wrong) {
                assertEquals(0, f.get());
            }
        } finally {
            pool.shutdown();
        }
    }

    /** Each returned function is released once, by a Cleaner, once Java drops it. */
    @Test
    void theLibraryCountsAsManyDestructionsAsConstructions() throws Exception {
        FfiCallbacks c = callbacks(false);
        long madeBefore = c.countedMade();
        for (long i = 0; i < 100_000; i++) {
            assertEquals(i + 1, c.makeAdder(i).score(1));
        }
        long made = c.countedMade() - madeBefore;
        assertTrue(made >= 100_000, "constructions: " + made);
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (c.countedFreed() < c.countedMade() && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(20);
        }
        assertEquals(c.countedMade(), c.countedFreed(), "destructions after 100,000 functions");
    }

    @Test
    void checkedAgainstTheSchemasOfAMetadataBuild() throws Exception {
        FfiCallbacks c = callbacks(true);
        List<FfiFunction> functions = FfiCallbacksBinding.functions(c);
        assertTrue(functions.stream().allMatch(FfiFunction::checked), functions::toString);
        assertEquals("[int] -> ffi.Function<int,int>", functions.stream()
                .filter(f -> f.method().startsWith("Scorer makeAdder")).findFirst().orElseThrow()
                .schema().orElseThrow());
        assertEquals(8, c.makeAdder(3).score(5));
    }
}
