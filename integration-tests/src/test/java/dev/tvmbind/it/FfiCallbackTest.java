package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.runtime.ffi.FfiFunction;
import dev.tvmbind.runtime.ffi.TvmFfiException;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Java lambdas as {@code ffi.Function}s ({@link FfiCallbacks}): called by C++ on the caller's
 * thread and on one of its own, kept past the call and released once only Java holds them, and
 * an exception thrown inside coming back as the caller's {@code TvmFfiException} with its cause.
 */
class FfiCallbackTest {
    private static FfiCallbacks callbacks(boolean metadata) throws Exception {
        return FfiCallbacksBinding.load(FfiLibraries.of("ffi_callbacks", metadata));
    }

    @Test
    void cPlusPlusCallsTheLambdaOnTheCallersThreadAndOnItsOwn() throws Exception {
        FfiCallbacks c = callbacks(false);
        assertEquals(23, c.applyTwice(x -> x * 2 + 1, 5));
        Thread caller = Thread.currentThread();
        Set threads = new Set();
        assertEquals(10, c.applyElsewhere(x -> {
            threads.add(Thread.currentThread());
            return x * 2;
        }, 5));
        assertTrue(threads.size() == 1 && !threads.contains(caller), threads.toString());
        assertEquals("hello, from C++", c.greet(who -> "hello, " + who));
    }

    /**
     * An int, a double, a float and a bool as C++ passes them (the typed reads), as tvm-ffi
     * converts them (an int for a double or a float, a bool for an int: the converters'), and an
     * int64 too wide for Java's {@code int}, refused inside the callback and carried back.
     */
    @Test
    void everyPlainTypeCrossesACallbackTypedOrConverted() throws Exception {
        for (boolean metadata : new boolean[] {false, true}) {
            FfiCallbacks c = callbacks(metadata);
            List<String> seen = new java.util.ArrayList<>();
            FfiCallbacks.Mixed f = (i, d, fl, b) -> {
                seen.add(i + " " + d + " " + fl + " " + b);
                return i + d + fl + (b ? 100 : 0);
            };
            assertEquals(109.75, c.mixed(f, 0));
            assertEquals(110.0, c.mixed(f, 1));
            assertEquals(3.75, c.mixed(f, 2));
            TvmFfiException wide = assertThrows(TvmFfiException.class, () -> c.mixed(f, 3));
            assertEquals("JavaError", wide.kind());
            TvmFfiException cause = assertInstanceOf(TvmFfiException.class, wide.getCause());
            assertEquals("TypeError", cause.kind());
            assertTrue(cause.errorMessage().contains("1099511627776"), cause.errorMessage());
            assertEquals(List.of("7 2.5 0.25 true", "7 2.0 1.0 true", "1 2.5 0.25 false"), seen);
        }
    }

    @Test
    void aJavaExceptionIsTheCallersErrorWithItsCause() throws Exception {
        FfiCallbacks c = callbacks(false);
        IllegalStateException thrown = new IllegalStateException("no score for 3");
        TvmFfiException e = assertThrows(TvmFfiException.class, () -> c.applyTwice(x -> {
            throw thrown;
        }, 3));
        assertEquals("JavaError", e.kind());
        assertEquals("java.lang.IllegalStateException: no score for 3", e.errorMessage());
        assertEquals(thrown, e.getCause());
        // Thrown on C++'s own thread, it comes back the same way.
        TvmFfiException elsewhere = assertThrows(TvmFfiException.class,
                () -> c.applyElsewhere(x -> { throw new ArithmeticException("elsewhere"); }, 1));
        assertInstanceOf(ArithmeticException.class, elsewhere.getCause());
    }

    @Test
    void aFunctionTheLibraryKeepsLivesUntilItDropsIt() throws Exception {
        FfiCallbacks c = callbacks(false);
        AtomicInteger calls = new AtomicInteger();
        c.keep(x -> {
            calls.incrementAndGet();
            return x + 100;
        });
        System.gc();
        assertEquals(107, c.callKept(7));
        assertEquals(108, c.callKept(8));
        assertEquals(2, calls.get());
        c.dropKept();
    }

    /**
     * A function only Java holds after the call stays with its slot and serves the slot's next
     * callback: each call still reaches its own lambda, and a function the library kept is
     * never handed to another.
     */
    @Test
    void aRecycledFunctionCallsItsNewLambdaAndAKeptOneNeverMoves() throws Exception {
        FfiCallbacks c = callbacks(false);
        c.keep(x -> x + 100);
        for (int k = 0; k < 2_000; k++) {
            long step = k;
            assertEquals(7 + 2 * step, c.applyTwice(x -> x + step, 7));
            if (k % 500 == 0) {
                assertEquals(107, c.callKept(7));
            }
        }
        Thread other = Thread.ofPlatform().start(() -> {
            for (int k = 0; k < 2_000; k++) {
                long step = -k;
                assertEquals(7 + 2 * step, c.applyTwice(x -> x + step, 7));
            }
        });
        other.join();
        assertEquals(108, c.callKept(8));
        c.dropKept();
    }

    /**
     * 300,000 calls that each pass a lambda leave C's heap where it was, give or take the JIT's
     * own memory: each function (over 64 bytes) freed once.
     */
    @Test
    void everyFunctionIsReleasedOnce() throws Throwable {
        FfiCallbacks c = callbacks(false);
        NativeHeap.assertFreed(300_000,
                () -> assertEquals(9, c.applyTwice(x -> x + 1, 7)));
    }

    @Test
    void checkedAgainstTheSchemasOfAMetadataBuild() throws Exception {
        FfiCallbacks c = callbacks(true);
        List<FfiFunction> functions = FfiCallbacksBinding.functions(c);
        assertTrue(functions.stream().allMatch(FfiFunction::checked), functions::toString);
        assertEquals("[ffi.Function<int,int>, int] -> int",
                functions.getFirst().schema().orElseThrow());
        assertEquals(9, c.applyTwice(x -> x + 2, 5));
    }

    /** A set of threads safe to add to from any thread. */
    private static final class Set {
        private final java.util.Set<Thread> threads = ConcurrentHashMap.newKeySet();

        void add(Thread thread) {
            threads.add(thread);
        }

        int size() {
            return threads.size();
        }

        boolean contains(Thread thread) {
            return threads.contains(thread);
        }

        @Override
        public String toString() {
            return threads.toString();
        }
    }
}
