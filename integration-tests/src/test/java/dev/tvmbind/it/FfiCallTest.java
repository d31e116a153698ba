package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.DType;
import dev.tvmbind.runtime.MissingSymbolsError;
import dev.tvmbind.runtime.TvmException;
import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.ffi.TvmFfiException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * A binding the processor generated for a {@code @TvmFfi} interface ({@link FfiTypes}), against
 * functions that tvm-ffi's own macro exports: every scalar,
 * strings both small (held in the value) and long (an object, released after it is read),
 * pointers, no result, and raised errors with TVM's kind, message and backtrace.
 */
class FfiCallTest {
    private static FfiTypes types;

    @BeforeAll
    static void load() throws Exception {
        types = FfiTypesBinding.load(FfiLibraries.of("ffi_types", false));
    }

    @Test
    void scalarsGoAndComeBack() {
        assertEquals(42, types.addInts(40, 2));
        assertEquals(Long.MIN_VALUE, types.addInts(Long.MAX_VALUE, 1));
        assertEquals(-7, types.narrow(-7));
        assertEquals(7.5, types.scale(2.5, 3), 0);
        assertFalse(types.negate(true));
        assertTrue(types.negate(false));
    }

    @Test
    void aResultTheJavaTypeCannotHoldIsRefused() {
        TvmFfiException e = assertThrows(TvmFfiException.class, () -> types.wide(1));
        assertEquals("TypeError", e.kind());
        assertEquals("__tvm_ffi_wide raised TypeError: the result 4000000000 does not fit the"
                + " interface's 32-bit type", e.getMessage());
    }

    @Test
    void stringsSmallAndLargeInBothDirections() {
        assertEquals("hello, TVM!", types.greet("TVM"));
        assertEquals("ok", types.echo("ok"));
        String longer = "ü".repeat(100) + " and more";
        assertEquals(longer, types.echo(longer));
        assertEquals(2, types.length("ü"));
        // Up to 1,024 chars a string gets room for 3 bytes a char; past it, its bytes counted.
        for (int chars : new int[] {1023, 1024, 1025, 5000}) {
            String text = "€".repeat(chars - 1) + "😀".substring(0, 1);
            assertEquals(3L * (chars - 1) + 1, types.length(text), chars + " chars");
            String pairs = "😀".repeat(chars / 2);
            assertEquals(pairs, types.echo(pairs), chars + " chars of pairs");
        }
        IllegalArgumentException longNul = assertThrows(IllegalArgumentException.class,
                () -> types.echo("x".repeat(2000) + "\0"));
        assertTrue(longNul.getMessage().startsWith("text contains a NUL"), longNul.getMessage());
        IllegalArgumentException nul = assertThrows(IllegalArgumentException.class,
                () -> types.echo("a\0b"));
        assertTrue(nul.getMessage().startsWith("text contains a NUL character"), nul.getMessage());
    }

    /**
     * Every object TVM hands over is released: string results and raised errors, 200,000 of
     * each, leave glibc's allocated bytes (which the Java heap is not part of) where they were. A
     * leak would keep at least 40 bytes of each (header and text), 16 MB in all; a double release
     * would corrupt the heap well before the end.
     */
    @Test
    void everyObjectTvmHandsOverIsReleased() throws Throwable {
        String name = "a name long enough to be a string object";
        NativeHeap.assertFreed(200_000, () -> {
            assertEquals("hello, " + name + "!", types.greet(name));
            assertThrows(TvmFfiException.class, () -> types.fail("released"));
        });
    }

    /**
     * The control of the test above: the same calls, and one small string object a call that
     * nobody releases (made through tvm-ffi's C API, as a forgotten release in tvmbind would
     * leave it), fail it.
     */
    @Test
    @SuppressWarnings("restricted")
    void aLeakOfOneSmallStringACallIsSeen() throws Throwable {
        String name = "a name long enough to be a string object";
        Linker linker = Linker.nativeLinker();
        MethodHandle fromBytes = linker.downcallHandle(SymbolLookup.libraryLookup(
                dev.tvmbind.check.testing.TvmFfi.library(), Arena.global())
                .find("TVMFFIStringFromByteArray").orElseThrow(), FunctionDescriptor.of(
                        ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment text = arena.allocateFrom("sixteen bytes!!!");
            MemorySegment array = arena.allocate(16, 8);
            array.set(ValueLayout.ADDRESS, 0, text);
            array.set(ValueLayout.JAVA_LONG, 8, 16);
            MemorySegment any = arena.allocate(16, 8);
            AssertionFailedError e = assertThrows(AssertionFailedError.class,
                    () -> NativeHeap.assertFreed(200_000, () -> {
                        assertEquals("hello, " + name + "!", types.greet(name));
                        assertEquals(0, (int) fromBytes.invokeExact(array, any));
                    }));
            assertTrue(e.getMessage().startsWith("C's heap held more blocks after each of 3"
                    + " runs of 200000 calls"), e.getMessage());
        }
    }

    @Test
    void pointersAndNoResult() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment block = arena.allocate(64);
            assertEquals(block.address() + 16, types.offset(block, 16).address());
        }
        assertEquals(MemorySegment.NULL, types.offset(MemorySegment.NULL, 0));
        long before = types.calls();
        types.count();
        types.count();
        assertEquals(before + 2, types.calls());
    }

    @Test
    void aTensorAndAFloatResult() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment data = arena.allocateFrom(ValueLayout.JAVA_FLOAT, 1.5f, 2.5f, 3f);
            try (Tensor x = Tensor.of(data, DType.FLOAT32, 3)) {
                assertEquals(7f, types.sumFloats(x));
            }
        }
    }

    @Test
    void aRaisedErrorIsATvmFfiExceptionWithTvmsKindMessageAndBacktrace() {
        TvmFfiException e = assertThrows(TvmFfiException.class, () -> types.fail("boom"));
        assertEquals("ValueError", e.kind());
        assertEquals("boom", e.errorMessage());
        assertEquals("__tvm_ffi_fail raised ValueError: boom", e.getMessage());
        assertEquals("__tvm_ffi_fail", e.symbol());
        assertEquals(-1, e.status());
        assertTrue(e.backtrace().contains("Fail"), e.backtrace());
        assertTrue(e instanceof TvmException, "in the TvmException family");
        // The error was taken from the thread's storage: the next call is clean.
        assertEquals(3, types.addInts(1, 2));
    }

    @Test
    void aLibraryWithoutTheFunctionsListsThem() throws Exception {
        Path notFfi = NativeLibraries.of("types");
        MissingSymbolsError e = assertThrows(MissingSymbolsError.class,
                () -> FfiTypesBinding.load(notFfi));
        assertEquals(13, e.missing().size());
        assertTrue(e.getMessage().startsWith("the library " + notFfi.toAbsolutePath() + " lacks"
                + " __tvm_ffi_add_ints, __tvm_ffi_narrow"), e.getMessage());
        assertTrue(e.getMessage().endsWith("… and 3 more (13 of 13 functions of"
                + " dev.tvmbind.it.FfiTypes): export each with TVM_FFI_DLL_EXPORT_TYPED_FUNC, or register"
                + " each global one"),
                e.getMessage());
        assertEquals(List.of("__tvm_ffi_add_ints"), e.missing().subList(0, 1));
    }

    /** The doors of models point a @TvmFfi interface at its own binding's lists. */
    @Test
    void tvmModelsOnAnFfiInterfaceNamesItsBindingsInfo() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> dev.tvmbind.runtime.TvmModels.info(FfiTypes.class));
        assertEquals("dev.tvmbind.it.FfiTypesBinding describes no @TvmModel:"
                + " dev.tvmbind.it.FfiTypes is not a model interface. If it is a @TvmFfi or"
                + " @TvmRelax interface, its functions are listed by"
                + " dev.tvmbind.it.FfiTypesBinding.INFO (as declared; a @TvmFfi binding's"
                + " dev.tvmbind.it.FfiTypesBinding.functions(binding) as loaded); TvmModels and"
                + " TvmLibrary serve @TvmModel interfaces", e.getMessage());
    }

    /**
     * A {@code long} result receives an int, or an {@code ffi.BigInt} that fits; past 64 bits a
     * TypeError naming the type and its bit length, the object released. A {@code BigInteger}
     * result receives every width. Both load checked against the library's schema.
     */
    @Test
    void aBigIntPastALongIsATypeErrorNamingIt() throws Exception {
        for (boolean metadata : new boolean[] {false, true}) {
            BigInts big = BigIntsBinding.load(FfiLibraries.of("ffi_bigint", metadata));
            assertEquals(1L << 62, big.shifted(62));
            TvmFfiException e = assertThrows(TvmFfiException.class, () -> big.shifted(100));
            assertEquals("TypeError", e.kind());
            assertEquals("the result, an ffi.BigInt of 102 bits, does not fit the interface's"
                    + " 64-bit type", e.errorMessage());
            assertEquals(1L << 40, big.shifted(40));
            BigIntegers wide = BigIntegersBinding.load(FfiLibraries.of("ffi_bigint", metadata));
            assertEquals(java.math.BigInteger.ONE.shiftLeft(100), wide.shifted(100));
            assertEquals(java.math.BigInteger.ONE.shiftLeft(3), wide.shifted(3));
            assertEquals(metadata, BigIntegersBinding.functions(wide).getFirst().checked());
        }
    }
}
