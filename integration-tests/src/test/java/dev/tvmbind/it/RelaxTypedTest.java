package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.DType;
import dev.tvmbind.runtime.WrongModelError;
import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.ffi.TvmFfiException;
import dev.tvmbind.runtime.relax.RelaxOptions;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The typed door ({@code @TvmRelax}, {@link RelaxTyped}): generated bindings over the models of
 * {@code relax_models.py} give TVM's Python VM's bytes; the load check lists every difference
 * between interface and library; declared tensors are checked before the call, results on return.
 */
class RelaxTypedTest {
    @BeforeAll
    static void runtime() throws Exception {
        RelaxModels.directory();
        System.setProperty("tvmbind.tvmRuntime", RelaxModels.sitePackages().toString());
    }

    private static Tensor input(String model, int call, int index, Arena arena) throws Exception {
        return RelaxModels.tensor(RelaxModels.model(model).calls().get(call).inputs().get(index),
                arena);
    }

    private static void assertBytes(String model, int call, int output, Tensor tensor)
            throws Exception {
        RelaxModels.Described expected = RelaxModels.model(model).calls().get(call).outputs()
                .get(output);
        assertArrayEquals(expected.shape(), tensor.shape(), model);
        assertArrayEquals(RelaxModels.bytes(expected), tensor.data().toArray(
                ValueLayout.JAVA_BYTE), model);
    }

    @Test
    void everyInterfaceGivesTvmsPythonVmsBytes() throws Exception {
        try (RelaxTyped.Mlp mlp = RelaxTyped_MlpBinding.load(RelaxModels.library("mlp"));
                RelaxTyped.TwoFunctions two = RelaxTyped_TwoFunctionsBinding.load(
                        RelaxModels.library("two_functions"));
                Arena arena = Arena.ofConfined()) {
            for (int call = 0; call < 2; call++) {
                try (Tensor y = mlp.forward(input("mlp", call, 0, arena))) {
                    assertBytes("mlp", call, 0, y);
                }
            }
            assertBytes("two_functions", 0, 0, two.scale(input("two_functions", 0, 0, arena),
                    input("two_functions", 0, 1, arena)));
            assertBytes("two_functions", 1, 0, two.shift(input("two_functions", 1, 0, arena)));
            assertBytes("conv", 0, 0, RelaxTyped_ConvBinding.load(RelaxModels.library("conv"))
                    .classify(input("conv", 0, 0, arena)));
            List<Object> split = RelaxTyped_TuplesBinding.load(RelaxModels.library("tuples"))
                    .split(input("tuples", 0, 0, arena));
            assertBytes("tuples", 0, 0, (Tensor) split.get(0));
            List<?> pair = assertInstanceOf(List.class, split.get(1));
            assertBytes("tuples", 0, 1, (Tensor) pair.get(0));
            assertBytes("tuples", 0, 2, (Tensor) pair.get(1));
            RelaxTyped.Sorting sorting = RelaxTyped_SortingBinding.load(RelaxModels.library(
                    "sorting"));
            assertBytes("sorting", 0, 0, sorting.order(input("sorting", 0, 0, arena)));
            List<Tensor> best = sorting.best(input("sorting", 1, 0, arena));
            assertBytes("sorting", 1, 0, best.get(0));
            assertBytes("sorting", 1, 1, best.get(1));
        }
        assertEquals("forward", RelaxTyped_MlpBinding.INFO.getFirst().symbol());
        IllegalArgumentException info = assertThrows(IllegalArgumentException.class,
                () -> dev.tvmbind.runtime.TvmModels.info(RelaxTyped.Mlp.class));
        assertTrue(info.getMessage().contains("If it is a @TvmFfi or @TvmRelax interface, its"
                + " functions are listed by dev.tvmbind.it.RelaxTyped_MlpBinding.INFO"),
                info.getMessage());
        assertEquals("main", RelaxTyped_ConvBinding.INFO.getFirst().symbol());
    }

    /** A tuple result filled into records, nested for the nested tuple; a wrong arity refused. */
    @Test
    void tuplesFillRecords() throws Exception {
        try (Arena arena = Arena.ofConfined()) {
            RelaxTyped.Split split = RelaxTyped_TuplesAsRecordsBinding.load(RelaxModels.library(
                    "tuples")).split(input("tuples", 0, 0, arena));
            assertBytes("tuples", 0, 0, split.plusOne());
            assertBytes("tuples", 0, 1, split.pair().doubled());
            assertBytes("tuples", 0, 2, split.pair().negated());
            RelaxTyped.SortingAsRecords sorting = RelaxTyped_SortingAsRecordsBinding.load(
                    RelaxModels.library("sorting"));
            RelaxTyped.Best best = sorting.best(input("sorting", 1, 0, arena));
            assertBytes("sorting", 1, 0, best.values());
            assertBytes("sorting", 1, 1, best.indices());
            RelaxTyped.SortingAsThree asThree = RelaxTyped_SortingAsThreeBinding.load(
                    RelaxModels.library("sorting"));
            TvmFfiException three = assertThrows(TvmFfiException.class,
                    () -> asThree.three(input("sorting", 1, 0, arena)));
            assertTrue(three.getMessage().contains("three's record expects a tuple of 3 where the"
                    + " Relax function returned a tuple of 2"), three.getMessage());
        }
    }

    @Test
    void theReadmesExampleRunsAsItSays() throws Exception {
        try (RelaxTyped.AddOne model = RelaxTyped_AddOneBinding.load(RelaxModels.library(
                "symbolic"));
                Arena arena = Arena.ofConfined();
                Tensor x = Tensor.of(arena.allocateFrom(ValueLayout.JAVA_FLOAT, 1, 2, 3),
                        DType.FLOAT32, 3);
                Tensor y = model.addOne(x)) {
            assertArrayEquals(new float[] {2, 3, 4}, y.data().toArray(ValueLayout.JAVA_FLOAT));
            // A Relax result may be a weight or an input: read-only through either door.
            assertTrue(y.data().isReadOnly());
            assertTrue(y.uncheckedData().isReadOnly());
            assertArrayEquals(new float[] {2, 3, 4},
                    y.uncheckedData().toArray(ValueLayout.JAVA_FLOAT));
        }
    }

    @Test
    void theLoadCheckListsEveryDifference() throws Exception {
        WrongModelError e = assertThrows(WrongModelError.class,
                () -> RelaxTyped_NotTheMlpBinding.load(RelaxModels.library("mlp")));
        assertTrue(e.getMessage().endsWith("mlp.so is not the library the interface describes:"
                + " Tensor forward(Tensor input): parameter 0 is 'x' in the library, 'input' in the"
                + " method; Tensor backward(Tensor x): no Relax function 'backward'. Its"
                + " functions: [forward (1)]"), e.getMessage());
    }

    /** The declared tensors against the annotations the executable's checks name. */
    @Test
    void theLoadCheckComparesDeclaredTensorsWithTheLibrarys() throws Exception {
        WrongModelError e = assertThrows(WrongModelError.class,
                () -> RelaxTyped_MisdeclaredMlpBinding.load(RelaxModels.library("mlp")));
        assertTrue(e.getMessage().contains(": Tensor forward(Tensor x): parameter x is declared"
                + " [n, 785], the library's is R.Tensor((n, 784), dtype=\"float32\") (axis 1);"
                + " Tensor forward(Tensor x): the result is declared float64[n, 10], the"
                + " library's is R.Tensor((n, 10), dtype=\"float32\") (dtype)."), e.getMessage());
        WrongModelError loose = assertThrows(WrongModelError.class,
                () -> RelaxTyped_LooseMlpBinding.load(RelaxModels.library("mlp")));
        assertTrue(loose.getMessage().contains("parameter x is declared [n, width], the"
                + " library's is R.Tensor((n, 784), dtype=\"float32\") (axis 1)"), loose.getMessage());
    }

    @Test
    void declaredTensorsAreCheckedBeforeTheCallAndResultsOnReturn() throws Exception {
        try (RelaxTyped.Mlp mlp = RelaxTyped_MlpBinding.load(RelaxModels.library("mlp"));
                Arena arena = Arena.ofConfined()) {
            Tensor wide = Tensor.of(arena.allocate(ValueLayout.JAVA_FLOAT, 2 * 785),
                    DType.FLOAT32, 2, 785);
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> mlp.forward(wide));
            assertTrue(refused.getMessage().contains("parameter x"), refused.getMessage());
            assertThrows(NullPointerException.class, () -> mlp.forward(null));
        }
        try (Arena arena = Arena.ofConfined()) {
            TvmFfiException wrong = assertThrows(TvmFfiException.class,
                    () -> RelaxTyped_WrongResultBinding.load(RelaxModels.library("tuples"))
                            .split(input("tuples", 0, 0, arena)));
            assertTrue(wrong.getMessage().contains("Tensor split(Tensor x) returns Tensor, but the"
                    + " Relax function returned a tuple of 2"), wrong.getMessage());
        }
    }

    @Test
    void aClosedBindingRefusesAndManyThreadsAreEachRight() throws Exception {
        RelaxTyped.Mlp mlp = RelaxTyped_MlpBinding.load(RelaxModels.library("mlp"),
                RelaxOptions.DEFAULT.withVms(2));
        byte[] expected = RelaxModels.bytes(RelaxModels.model("mlp").calls().get(1).outputs()
                .get(0));
        AtomicLong wrong = new AtomicLong();
        try (Arena arena = Arena.ofShared();
                ExecutorService threads = Executors.newFixedThreadPool(4)) {
            Tensor x = input("mlp", 1, 0, arena);
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                done.add(threads.submit(() -> {
                    for (int i = 0; i < 200; i++) {
                        try (Tensor y = mlp.forward(x)) {
                            if (!Arrays.equals(expected, y.data().toArray(ValueLayout.JAVA_BYTE))) {
                                wrong.incrementAndGet();
                            }
                        }
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
            mlp.close();
            assertThrows(IllegalStateException.class, () -> mlp.forward(x));
        }
        assertEquals(0, wrong.get());
    }
}
