package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.DType;
import dev.tvmbind.check.testing.TvmFfi;
import dev.tvmbind.check.testing.Wheels;
import dev.tvmbind.runtime.ffi.FfiModule;
import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.ffi.TvmFfiException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The models of {@code src/test/python/relax_models.py}, compiled by the pinned apache-tvm (an
 * MLP with bound weights and a symbolic batch, a small conv net, two functions in one module, a
 * nested tuple result, a symbolic dimension at two sizes, {@code R.argsort} and {@code R.topk}),
 * run from Java on the wheel's {@code libtvm_runtime} and {@code libtvm_runtime_extra} through
 * {@code @TvmFfi} interfaces ({@link RelaxByHand}): every output equals TVM's Python VM's, byte for
 * byte, dtype, shape and tuple position. The set is made once per script and pins, kept beside the
 * pins' environment.
 */
class RelaxModelsTest {
    private static Path models;
    private static RelaxModels.Manifest manifest;

    @BeforeAll
    static void export() throws Exception {
        models = RelaxModels.directory();
        manifest = RelaxModels.manifest();
        // libtvm_ffi first (global): libtvm_runtime needs it and does not find it by itself.
        RelaxByHand_ModulesBinding.load(TvmFfi.library());
        Path lib = Wheels.tvm().resolve("lib");
        RelaxByHand_RuntimeBinding.load(lib.resolve("libtvm_runtime.so"));
        // What import tvm loads too: it alone registers tvm.contrib.sort.* (argsort, topk).
        RelaxByHand_RuntimeBinding.load(lib.resolve("libtvm_runtime_extra.so"));
    }

    @Test
    void everyModelGivesTvmsPythonVmsBytes() throws Exception {
        assertEquals(List.of("mlp", "conv", "two_functions", "tuples", "symbolic", "sorting",
                "aliases"),
                manifest.models().stream().map(RelaxModels.Model::name).toList());
        RelaxByHand.Modules modules = RelaxByHand_ModulesBinding.load(TvmFfi.library());
        int compared = 0;
        for (RelaxModels.Model model : manifest.models()) {
            try (FfiModule module = modules.load(models.resolve(model.library()).toString());
                    FfiModule vm = modules.loader(module, "vm_load_executable", false)
                            .orElseThrow().load()) {
                RelaxByHand_VmBinding.load(TvmFfi.library())
                        .initialization(vm, "vm_initialization", false).orElseThrow()
                        .initialize(1, 0, 2);
                for (RelaxModels.Call call : model.calls()) {
                    compared += compare(model.name() + "." + call.function(), call, vm);
                }
            }
        }
        assertEquals(15, compared, "every output of every call");
    }

    /** Calls it with its inputs; compares each output; returns how many. */
    private static int compare(String what, RelaxModels.Call call, FfiModule vm) throws Exception {
        try (Arena arena = Arena.ofConfined()) {
            List<Tensor> inputs = new ArrayList<>();
            for (RelaxModels.Described input : call.inputs()) {
                inputs.add(RelaxModels.tensor(input, arena));
            }
            Object result = switch (inputs.size()) {
                case 1 -> RelaxByHand_UnaryFunctionsBinding.load(TvmFfi.library())
                        .function(vm, call.function(), false).orElseThrow()
                        .apply(inputs.get(0));
                case 2 -> RelaxByHand_BinaryFunctionsBinding.load(TvmFfi.library())
                        .function(vm, call.function(), false).orElseThrow()
                        .apply(inputs.get(0), inputs.get(1));
                default -> throw new AssertionError(what + ": " + inputs.size() + " inputs");
            };
            for (RelaxModels.Described output : call.outputs()) {
                Object at = result;
                for (int index : output.path()) {
                    at = assertInstanceOf(List.class, at, what + " is a tuple").get(index);
                }
                Tensor tensor = assertInstanceOf(Tensor.class, at, what + " " + output.file());
                assertEquals(output.dtype(), tensor.dataType().toString(), output.file());
                assertArrayEquals(output.shape(), tensor.shape(), output.file());
                assertArrayEquals(Files.readAllBytes(models.resolve(output.file())),
                        tensor.data().toArray(ValueLayout.JAVA_BYTE), output.file());
            }
            return call.outputs().size();
        }
    }

    /** The VM checks its inputs against the function's annotations: its error, not a crash. */
    @Test
    void aWrongShapeIsTheVmsErrorNamingTheParameter() throws Exception {
        RelaxByHand.Modules modules = RelaxByHand_ModulesBinding.load(TvmFfi.library());
        try (FfiModule module = modules.load(models.resolve("conv.so").toString());
                FfiModule vm = modules.loader(module, "vm_load_executable", false)
                        .orElseThrow().load();
                Arena arena = Arena.ofConfined()) {
            RelaxByHand_VmBinding.load(TvmFfi.library())
                    .initialization(vm, "vm_initialization", false).orElseThrow()
                    .initialize(1, 0, 2);
            RelaxByHand.Unary main = RelaxByHand_UnaryFunctionsBinding.load(TvmFfi.library())
                    .function(vm, "main", false).orElseThrow();
            MemorySegment data = arena.allocate(ValueLayout.JAVA_FLOAT, 3 * 8 * 8);
            Tensor small = Tensor.of(data, DType.FLOAT32, 1, 3, 8, 7);
            TvmFfiException e = org.junit.jupiter.api.Assertions.assertThrows(
                    TvmFfiException.class, () -> main.apply(small));
            assertTrue(e.errorMessage().contains("param=image"), e.getMessage());
        }
    }
}
