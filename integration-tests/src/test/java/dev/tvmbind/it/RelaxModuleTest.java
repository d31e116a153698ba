package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.runtime.UnreadableLibraryError;
import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.ffi.TvmFfiException;
import dev.tvmbind.runtime.relax.RelaxModule;
import dev.tvmbind.runtime.relax.RelaxOptions;
import dev.tvmbind.runtime.relax.RelaxVm;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The untyped door to Relax libraries ({@link RelaxModule}): TVM's runtime found through
 * {@code -Dtvmbind.tvmRuntime} (the wheel's site-packages), every model of
 * {@code relax_models.py} called by name with TVM's Python VM's bytes, the function list read from
 * the executable, the stateful calls with the caller's memory closed between them, and threads.
 */
class RelaxModuleTest {
    @BeforeAll
    static void runtime() throws Exception {
        RelaxModels.directory();
        System.setProperty("tvmbind.tvmRuntime", RelaxModels.sitePackages().toString());
    }

    @Test
    void everyModelByNameGivesTvmsPythonVmsBytes() throws Exception {
        int compared = 0;
        for (RelaxModels.Model model : RelaxModels.manifest().models()) {
            try (RelaxModule module = RelaxModule.load(RelaxModels.library(model.name()))) {
                for (RelaxModels.Call call : model.calls()) {
                    try (Arena arena = Arena.ofConfined()) {
                        List<Object> inputs = new ArrayList<>();
                        for (RelaxModels.Described input : call.inputs()) {
                            inputs.add(RelaxModels.tensor(input, arena));
                        }
                        Object result = module.call(call.function(), inputs.toArray());
                        compared += compare(model.name() + "." + call.function(), result,
                                call.outputs());
                    }
                }
            }
        }
        assertEquals(15, compared);
    }

    /** Compares a result with the references; returns how many outputs. */
    private static int compare(String what, Object result, List<RelaxModels.Described> outputs)
            throws Exception {
        for (RelaxModels.Described output : outputs) {
            Object at = result;
            for (int index : output.path()) {
                at = assertInstanceOf(List.class, at, what + " is a tuple").get(index);
            }
            try (Tensor tensor = assertInstanceOf(Tensor.class, at, what)) {
                assertEquals(output.dtype(), tensor.dataType().toString(), what);
                assertArrayEquals(output.shape(), tensor.shape(), what);
                assertArrayEquals(RelaxModels.bytes(output), tensor.data().toArray(
                        ValueLayout.JAVA_BYTE), what);
            }
        }
        return outputs.size();
    }

    @Test
    void theFunctionsAreTheExecutablesAndAnUnknownOneListsThem() throws Exception {
        try (RelaxModule two = RelaxModule.load(RelaxModels.library("two_functions"));
                Arena arena = Arena.ofConfined()) {
            assertEquals(Optional.of(Map.of("scale", 2, "shift", 1)), two.functions());
            assertEquals(List.of("scale", "shift"), List.copyOf(two.functions().orElseThrow()
                    .keySet()));
            Tensor x = RelaxModels.tensor(RelaxModels.model("two_functions").calls().get(1)
                    .inputs().get(0), arena);
            IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                    () -> two.call("nope", x));
            assertEquals("two_functions.so has no Relax function 'nope'; its functions: scale,"
                    + " shift", unknown.getMessage());
            TvmFfiException arity = assertThrows(TvmFfiException.class,
                    () -> two.call("scale", x));
            assertTrue(arity.getMessage().contains("scale"), arity.getMessage());
        }
    }

    @Test
    void aLibraryWithoutAnExecutableIsRefused() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RelaxModule.load(FfiLibraries.of("ffi_types", false)));
        assertTrue(e.getMessage().endsWith("holds no Relax executable (no vm_load_executable): a"
                + " library of @TvmFfi functions loads through its binding"), e.getMessage());
        assertThrows(UnreadableLibraryError.class,
                () -> RelaxModule.load(RelaxModels.directory().resolve("manifest.json")));
    }

    /** A Relax model is no library of @TvmFfi functions: its binding says where it belongs. */
    @Test
    void aTvmFfiBindingRefusesARelaxModelNamingTheRelaxDoor() throws Exception {
        UnreadableLibraryError e = assertThrows(UnreadableLibraryError.class,
                () -> RelaxByHand_RuntimeBinding.load(RelaxModels.library("conv")));
        assertTrue(e.getMessage().endsWith("conv.so exports __tvm_ffi__library_bin and no"
                + " library context: a Relax model TVM's compiler exported, whose functions run"
                + " in TVM's VM. Load it with dev.tvmbind.runtime.relax.RelaxModule.load(path),"
                + " not a @TvmFfi binding"), e.getMessage());
    }

    /** The inputs are copied: the caller's memory may close before the VM runs. */
    @Test
    void statefulCallsMeetTheSameVmAndCopyTheirInputs() throws Exception {
        RelaxModels.Call call = RelaxModels.model("mlp").calls().get(0);
        try (RelaxModule mlp = RelaxModule.load(RelaxModels.library("mlp"));
                RelaxVm vm = mlp.vm()) {
            assertEquals(1, vm.arity("forward"));
            assertEquals("x", vm.parameterName("forward", 0));
            try (Arena arena = Arena.ofConfined()) {
                vm.setInput("forward", RelaxModels.tensor(call.inputs().get(0), arena));
            }
            vm.invokeStateful("forward");
            assertEquals(1, compare("getOutput", vm.getOutput("forward"), call.outputs()));
        }
    }

    /**
     * 8 threads calling at once, 1 VM (calls take turns) and 3 VMs: every result equals a lone
     * caller's bytes.
     */
    @Test
    void callsFromManyThreadsAreEachRight() throws Exception {
        RelaxModels.Call call = RelaxModels.model("mlp").calls().get(1);
        byte[] expected = RelaxModels.bytes(call.outputs().get(0));
        for (int vms : new int[] {1, 3}) {
            AtomicLong wrong = new AtomicLong();
            try (RelaxModule mlp = RelaxModule.load(RelaxModels.library("mlp"),
                    RelaxOptions.DEFAULT.withVms(vms));
                    Arena arena = Arena.ofShared();
                    ExecutorService threads = Executors.newFixedThreadPool(8)) {
                Tensor x = RelaxModels.tensor(call.inputs().get(0), arena);
                List<Future<?>> done = new ArrayList<>();
                for (int t = 0; t < 8; t++) {
                    done.add(threads.submit(() -> {
                        for (int i = 0; i < 250; i++) {
                            try (Tensor y = (Tensor) mlp.call("forward", x)) {
                                if (!java.util.Arrays.equals(expected,
                                        y.data().toArray(ValueLayout.JAVA_BYTE))) {
                                    wrong.incrementAndGet();
                                }
                            }
                        }
                    }));
                }
                for (Future<?> f : done) {
                    f.get();
                }
            }
            assertEquals(0, wrong.get(), vms + " VMs: wrong results of 2,000");
        }
    }

    /**
     * A function that returns its own input, or a weight bound in the library: the result stays
     * valid after the caller's arena and the module are closed (never freed memory), and is
     * read-only, so writing to it cannot change the next call's result.
     */
    @Test
    void aResultOverAnInputOrAWeightIsNeverFreedNorWritable() throws Exception {
        Tensor same;
        Tensor weight;
        try (RelaxModule aliases = RelaxModule.load(RelaxModels.library("aliases"))) {
            try (Arena arena = Arena.ofConfined()) {
                Tensor x = Tensor.of(arena.allocateFrom(ValueLayout.JAVA_FLOAT, 1, 2, 3),
                        dev.tvmbind.DType.FLOAT32, 3);
                same = (Tensor) aliases.call("same", x);
                weight = (Tensor) aliases.call("weight", x);
                assertTrue(same.data().address() != x.data().address(),
                        "a copy, not the caller's memory");
            }
            // FFM's own refusal of a write to a read-only segment.
            assertThrows(IllegalArgumentException.class,
                    () -> weight.data().setAtIndex(ValueLayout.JAVA_FLOAT, 0, -1f));
            try (Arena arena = Arena.ofConfined()) {
                Tensor x = Tensor.of(arena.allocate(ValueLayout.JAVA_FLOAT, 3),
                        dev.tvmbind.DType.FLOAT32, 3);
                try (Tensor again = (Tensor) aliases.call("weight", x)) {
                    assertArrayEquals(new float[] {7, 8, 9},
                            again.data().toArray(ValueLayout.JAVA_FLOAT));
                }
            }
        }
        assertArrayEquals(new float[] {1, 2, 3}, same.data().toArray(ValueLayout.JAVA_FLOAT));
        assertArrayEquals(new float[] {7, 8, 9}, weight.data().toArray(ValueLayout.JAVA_FLOAT));
        same.close();
        weight.close();
    }

    /** close() never waits: a lease outstanding keeps its VM until it ends, then releases it. */
    @Test
    void closingWithALeaseOutstandingReturnsAtOnce() throws Exception {
        RelaxModule module = RelaxModule.load(RelaxModels.library("symbolic"),
                RelaxOptions.DEFAULT.withVms(2));
        RelaxVm lease = module.vm();
        module.close();
        try (Arena arena = Arena.ofConfined()) {
            Tensor x = Tensor.of(arena.allocateFrom(ValueLayout.JAVA_FLOAT, 1, 2),
                    dev.tvmbind.DType.FLOAT32, 2);
            assertThrows(IllegalStateException.class, () -> module.call("add_one", x));
            try (Tensor y = (Tensor) lease.call("add_one", x)) {
                assertArrayEquals(new float[] {2, 3}, y.data().toArray(ValueLayout.JAVA_FLOAT));
            }
            lease.close();
            IllegalStateException returned = assertThrows(IllegalStateException.class,
                    () -> lease.call("add_one", x));
            assertTrue(returned.getMessage().startsWith("this VM was given back to"),
                    returned.getMessage());
        }
    }

    /**
     * A call that finds every VM busy waits: it runs once the lease ends, and a close while it
     * waits refuses it (the VM it waited for is then released when its lease ends).
     */
    @Test
    void aCallWaitsForABusyVmAndACloseEndsTheWait() throws Exception {
        RelaxModule module = RelaxModule.load(RelaxModels.library("symbolic"));
        try (Arena arena = Arena.ofShared();
                ExecutorService threads = Executors.newFixedThreadPool(2)) {
            Tensor x = Tensor.of(arena.allocateFrom(ValueLayout.JAVA_FLOAT, 1, 2),
                    dev.tvmbind.DType.FLOAT32, 2);
            RelaxVm lease = module.vm();
            Future<float[]> waiting = threads.submit(() -> {
                try (Tensor y = (Tensor) module.call("add_one", x)) {
                    return y.data().toArray(ValueLayout.JAVA_FLOAT);
                }
            });
            Thread.sleep(200);
            assertTrue(!waiting.isDone(), "a call ran while the only VM was leased");
            lease.close();
            assertArrayEquals(new float[] {2, 3}, waiting.get(10, TimeUnit.SECONDS));

            RelaxVm again = module.vm();
            Future<Object> refused = threads.submit(() -> module.call("add_one", x));
            Thread.sleep(200);
            module.close();
            ExecutionException closed = assertThrows(ExecutionException.class,
                    () -> refused.get(10, TimeUnit.SECONDS));
            assertEquals("symbolic.so is closed", closed.getCause().getMessage());
            try (Tensor y = (Tensor) again.call("add_one", x)) {
                assertArrayEquals(new float[] {2, 3}, y.data().toArray(ValueLayout.JAVA_FLOAT));
            }
            again.close();
        }
    }

    /**
     * A close while calls run on every VM: each call either gives the right bytes or is refused
     * with the module's error, never anything else, and no VM is released under a call.
     */
    @Test
    void closingWhileCallsRunRefusesOnlyLaterCalls() throws Exception {
        RelaxModels.Call call = RelaxModels.model("mlp").calls().get(1);
        byte[] expected = RelaxModels.bytes(call.outputs().get(0));
        RelaxModule mlp = RelaxModule.load(RelaxModels.library("mlp"),
                RelaxOptions.DEFAULT.withVms(2));
        AtomicLong right = new AtomicLong();
        AtomicLong refused = new AtomicLong();
        try (Arena arena = Arena.ofShared();
                ExecutorService threads = Executors.newFixedThreadPool(4)) {
            Tensor x = RelaxModels.tensor(call.inputs().get(0), arena);
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                done.add(threads.submit(() -> {
                    for (;;) {
                        try (Tensor y = (Tensor) mlp.call("forward", x)) {
                            assertArrayEquals(expected, y.data().toArray(ValueLayout.JAVA_BYTE));
                            right.incrementAndGet();
                        } catch (IllegalStateException e) {
                            assertEquals("mlp.so is closed", e.getMessage());
                            refused.incrementAndGet();
                            return null;
                        }
                    }
                }));
            }
            while (right.get() < 200) {
                Thread.onSpinWait();
            }
            mlp.close();
            for (Future<?> f : done) {
                f.get(30, TimeUnit.SECONDS);
            }
        }
        assertEquals(4, refused.get());
        assertTrue(right.get() >= 200, right + " right");
    }

    @Test
    void aClosedModuleRefusesCalls() throws Exception {
        RelaxModule mlp = RelaxModule.load(RelaxModels.library("symbolic"));
        mlp.close();
        mlp.close();
        IllegalStateException closed = assertThrows(IllegalStateException.class,
                () -> mlp.call("add_one"));
        assertEquals("symbolic.so is closed", closed.getMessage());
        assertThrows(IllegalArgumentException.class, () -> RelaxOptions.DEFAULT.withVms(0));
    }
}
