package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.DType;
import dev.tvmbind.check.testing.TvmFfi;
import dev.tvmbind.runtime.ffi.DLDataType;
import dev.tvmbind.runtime.ffi.DLDevice;
import dev.tvmbind.runtime.ffi.FfiObject;
import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.ffi.TvmFfiException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The wheel's {@code libtvm_ffi_testing} as a suite: each global function tvmbind's types reach
 * today, called through a typed interface and its result asserted, on both pinned wheels (the
 * functions that need types tvmbind lacks — Bytes, Device, DataType, Any, ffi.List, ffi.Dict,
 * objects, variants — wait for them).
 */
class FfiTestingLibraryTest {
    private static TestingLibrary testing() {
        return TestingLibraryBinding.load(TvmFfi.installed().resolve("lib/libtvm_ffi_testing.so"));
    }

    @Test
    void scalarsStringsAndNothing() {
        TestingLibrary testing = testing();
        assertEquals(42, testing.addOne(41));
        assertEquals(Long.MIN_VALUE, testing.idInt(Long.MIN_VALUE));
        assertEquals(-0.5e300, testing.idFloat(-0.5e300));
        assertTrue(testing.idBool(true));
        assertFalse(testing.idBool(false));
        String longer = "a string longer than a small string, ü and ∑";
        assertEquals(longer, testing.idString(longer));
        assertEquals("", testing.idString(""));
        assertEquals(1, testing.noArgs());
        testing.noArgsNoReturn();
        testing.noReturn(7);
        assertEquals("packed", testing.echo("packed"));
        testing.nop();
        TvmFfiException e = assertThrows(TvmFfiException.class,
                () -> testing.raise("RuntimeError", "from the testing library"));
        assertEquals("RuntimeError", e.kind());
        assertEquals("from the testing library", e.errorMessage());
    }

    @Test
    void containersAndOptionals() {
        TestingLibrary testing = testing();
        assertEquals(List.of(1L, -2L, Long.MAX_VALUE), testing.idArrInt(List.of(1L, -2L,
                Long.MAX_VALUE)));
        assertEquals(List.of(), testing.idArrInt(List.of()));
        assertEquals(List.of("a", "longer than seven bytes"), testing.idArrStr(List.of("a",
                "longer than seven bytes")));
        assertEquals(Map.of("one", 1L, "two", 2L), testing.idMapStrInt(Map.of("one", 1L,
                "two", 2L)));
        assertEquals(Map.of("k", "v"), testing.idMapStrStr(Map.of("k", "v")));
        assertEquals(Optional.of(5L), testing.idOptInt(Optional.of(5L)));
        assertEquals(Optional.empty(), testing.idOptInt(Optional.empty()));
        assertEquals(Optional.of("s"), testing.idOptStr(Optional.of("s")));
        assertEquals(Optional.empty(), testing.idOptStr(Optional.empty()));
        // The map, with the present values added under the key.
        assertEquals(Map.of("a", List.of(1L, 2L), "x", List.of(1L, 3L)), testing.arrMapOpt(
                Arrays.asList(Optional.of(1L), Optional.empty(), Optional.of(3L)),
                Map.of("a", List.of(1L, 2L)), Optional.of("x")));
        assertEquals(Map.of(), testing.arrMapOpt(List.of(), Map.of(), Optional.empty()));
    }

    @Test
    void tensors() {
        TestingLibrary testing = testing();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment data = arena.allocateFrom(ValueLayout.JAVA_FLOAT, 1f, 2f, 3f);
            try (Tensor x = Tensor.of(data, DType.FLOAT32, 3);
                    Tensor same = testing.idTensor(x)) {
                assertArrayEquals(new long[] {3}, same.shape());
                assertArrayEquals(new float[] {1f, 2f, 3f},
                        same.data().toArray(ValueLayout.JAVA_FLOAT));
                testing.tensorViewInput(x);
                assertTrue(testing.hasValue(Optional.of(x)));
            }
            assertFalse(testing.hasValue(Optional.empty()));
        }
    }

    @Test
    void bytesDevicesAndDataTypes() {
        TestingLibrary testing = testing();
        byte[] small = {1, 2, 0, -1};
        byte[] large = new byte[1000];
        Arrays.fill(large, (byte) 7);
        assertArrayEquals(small, testing.idBytes(small));
        assertArrayEquals(large, testing.idBytes(large));
        assertArrayEquals(new byte[0], testing.idBytes(new byte[0]));
        assertEquals(DLDevice.CPU, testing.idDevice(DLDevice.CPU));
        assertEquals(DLDevice.cuda(3), testing.idDevice(DLDevice.cuda(3)));
        assertEquals("cuda:3", DLDevice.cuda(3).toString());
        assertEquals(DLDataType.BFLOAT16, testing.idDtype(DLDataType.BFLOAT16));
        assertEquals(new DLDataType(2, 32, 4), testing.idDtype(new DLDataType(2, 32, 4)));
    }

    @Test
    void listsAndDictsAreReadAsListsAndMaps() {
        TestingLibrary testing = testing();
        assertEquals(List.of(1L, 2L), testing.idListInt(List.of(1L, 2L)));
        assertEquals(List.of("a", "b"), testing.idListStr(List.of("a", "b")));
        assertEquals(Map.of("a", 1L), testing.idDictStrInt(Map.of("a", 1L)));
        assertEquals(Map.of("k", "v"), testing.idDictStrStr(Map.of("k", "v")));
        assertEquals(Map.of(), testing.idDictStrInt(Map.of()));
    }

    @Test
    void anyTakesAndGivesWhatItsTypeIndexSays() {
        TestingLibrary testing = testing();
        assertEquals(5L, testing.idAny(5));
        assertEquals(2.5, testing.idAny(2.5f));
        assertEquals(true, testing.idAny(true));
        assertEquals("text", testing.idAny("text"));
        assertEquals(null, testing.idAny(null));
        assertEquals(DLDevice.CPU, testing.idAny(DLDevice.CPU));
        assertArrayEquals(new long[] {2, 3}, (long[]) testing.idAny(new long[] {2, 3}));
        assertEquals(Arrays.asList(1L, "two", null, List.of(3L)), testing.idArr(Arrays.asList(1,
                "two", null, List.of(3L))));
        assertEquals(Map.of("k", 1L, 2L, "v"), testing.idMap(Map.of("k", 1, 2L, "v")));
        assertEquals(3L, testing.idVariantIntStr(3L));
        assertEquals("x", testing.idVariantIntStr("x"));
        assertEquals(List.of(1L, 2L), testing.variantMix(List.of(1L, 2L)));
        IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class,
                () -> testing.idAny(new StringBuilder("no")));
        assertTrue(wrong.getMessage().startsWith("x is a java.lang.StringBuilder, which no type"
                + " of tvm-ffi maps"), wrong.getMessage());
    }

    @Test
    void integersPastSixtyFourBitsAreBigIntegers() {
        TestingLibraryViews views = TestingLibraryViewsBinding.load(TvmFfi.installed()
                .resolve("lib/libtvm_ffi_testing.so"));
        BigInteger big = BigInteger.ONE.shiftLeft(70).negate().add(BigInteger.valueOf(12345));
        assertEquals(big, views.idBig(big));
        assertEquals(BigInteger.ONE.shiftLeft(63), views.idBig(BigInteger.ONE.shiftLeft(63)));
        assertEquals(BigInteger.valueOf(-7), views.idBig(BigInteger.valueOf(-7)));
        assertEquals(Long.MIN_VALUE, views.idInt(BigInteger.valueOf(Long.MIN_VALUE)));
        assertEquals(List.of(1L), views.idArr(List.of(BigInteger.ONE)));
        TvmFfiException tooBig = assertThrows(TvmFfiException.class,
                () -> views.idArr(List.of(BigInteger.ONE.shiftLeft(64))));
        assertEquals("TypeError", tooBig.kind());
        assertEquals("the result, an ffi.BigInt of 66 bits, does not fit the interface's 64-bit"
                + " type", tooBig.errorMessage());
    }

    @Test
    void objectsArePassedBackAsThemselves() {
        TestingLibrary testing = testing();
        FfiObject pair = testing.makeIntPair("testing.TestIntPair", "a", 3, "b", 4);
        {
            assertEquals("testing.TestIntPair", pair.typeKey());
            assertEquals(7, testing.intPairSum(pair));
            // Java's reference and the one the call holds.
            assertEquals(2, testing.objectUseCount(pair));
            try (FfiObject same = testing.idObject(pair)) {
                assertEquals(3, testing.objectUseCount(pair));
                assertEquals(pair.typeIndex(), same.typeIndex());
            }
            assertEquals(2, testing.objectUseCount(pair));
            List<FfiObject> list = testing.idListObj(List.of(pair));
            assertEquals(List.of("testing.TestIntPair"), list.stream().map(FfiObject::typeKey)
                    .toList());
            list.forEach(FfiObject::close);
            testing.idArrObj(List.of(pair, pair)).forEach(FfiObject::close);
            testing.idMapStrObj(Map.of("p", pair)).values().forEach(FfiObject::close);
            testing.idOptObj(Optional.of(pair)).orElseThrow().close();
            assertEquals(Optional.empty(), testing.idOptObj(Optional.empty()));
            assertEquals(2, testing.objectUseCount(pair));
            pair.close();
            assertFalse(pair.isOpen());
            IllegalStateException closed = assertThrows(IllegalStateException.class,
                    () -> testing.intPairSum(pair));
            assertEquals("pair is a closed FfiObject(testing.TestIntPair)", closed.getMessage());
        }
        try (FfiObject unregistered = testing.makeUnregisteredObject();
                FfiObject alpha = testing.enumVariant("Alpha")) {
            assertEquals("testing.TestUnregisteredObject", unregistered.typeKey());
            assertEquals("testing.TestEnumVariant", alpha.typeKey());
        }
        TvmFfiException noSuch = assertThrows(TvmFfiException.class,
                () -> testing.enumVariant("Gamma"));
        assertTrue(noSuch.errorMessage().contains("no instance with index Gamma"),
                noSuch.getMessage());
    }

    @Test
    void functionsAndPackedCalls() {
        TestingLibrary testing = testing();
        assertEquals(12, testing.idFunc(x -> x * 3).apply(4));
        assertEquals(11, testing.apply(x -> x + 1, 10));
        TestingLibraryViews views = TestingLibraryViewsBinding.load(TvmFfi.installed()
                .resolve("lib/libtvm_ffi_testing.so"));
        try (FfiObject function = views.functionObject(x -> x);
                FfiObject typed = testing.idFuncTyped(function)) {
            assertEquals("ffi.Function", function.typeKey());
            assertEquals("ffi.Function", typed.typeKey());
        }
        // A type registered at run time is named by its key, not its number alone.
        TvmFfiException wrong = assertThrows(TvmFfiException.class, () -> views
                .makeIntPairAsLong("testing.TestIntPair", "a", 3, "b", 4));
        assertTrue(wrong.getMessage().contains("but the function returned testing.TestIntPair"
                + " (type index "), wrong.getMessage());
        testing.packed(1, "two");
        assertTrue(testing.addOneCSymbol() != 0);
        assertTrue(testing.mlirAddOneCSymbol() != 0);
        testing.runCheckSignal(0);
    }

    @Test
    void containersOfTensorsAndMixedValues() {
        TestingLibrary testing = testing();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment data = arena.allocateFrom(ValueLayout.JAVA_FLOAT, 1f, 2f, 3f, 4f);
            try (Tensor t = Tensor.of(data, DType.FLOAT32, 4)) {
                List<Tensor> one = testing.arrayWithTensor(t);
                assertEquals(1, one.size());
                assertArrayEquals(new float[] {1f, 2f, 3f, 4f},
                        one.getFirst().data().toArray(ValueLayout.JAVA_FLOAT));
                one.forEach(Tensor::close);
                assertEquals(List.of(), testing.emptyArrayWithTensorInput(t));
                List<Object> mixed = testing.arrayWithMixed(t, 5);
                assertEquals(List.of(5L, "hello"), mixed.subList(1, 3));
                ((Tensor) mixed.getFirst()).close();
                List<Object> nested = testing.nestedArrayWithTensor(t);
                assertEquals(42L, ((List<?>) nested.getFirst()).get(1));
                assertTrue(nested.get(1) instanceof Tensor);
                List<Object> list = testing.listWithTensor(t, 3);
                assertEquals(3L, list.get(1));
                Map<String, Object> map = testing.mapWithTensor(t);
                assertEquals(42L, map.get("value"));
                assertEquals("test", map.get("name"));
                assertTrue(map.get("tensor") instanceof Tensor);
                Map<String, Object> dict = testing.dictWithTensor(t);
                assertEquals(42L, dict.get("value"));
                Map<String, Object> deep = testing.nestedMapWithTensor(t, t);
                assertEquals(99L, deep.get("scalar"));
                assertEquals(2, ((List<?>) deep.get("array")).size());
                assertTrue(((Map<?, ?>) deep.get("map")).get("t") instanceof Tensor);
                // tvm-ffi's own refusal: an Any holds no DLTensor*.
                TvmFfiException view = assertThrows(TvmFfiException.class,
                        () -> testing.idDlTensor(t));
                assertTrue(view.getMessage().contains("DLTensor"), view.getMessage());
            }
        }
    }

    @Test
    void theFunctionOnlyTheCurrentWheelHas() {
        java.nio.file.Path library = TvmFfi.installed().resolve("lib/libtvm_ffi_testing.so");
        if ("floor".equals(System.getProperty("tvmbind.wheels.pins"))) {
            assertThrows(dev.tvmbind.runtime.MissingSymbolsError.class,
                    () -> TestingLibraryLatestBinding.load(library));
            return;
        }
        try (FfiObject graph = TestingLibraryLatestBinding.load(library).visitRegionGraph(true)) {
            assertEquals("testing.TestVisitHook", graph.typeKey());
        }
    }
}
