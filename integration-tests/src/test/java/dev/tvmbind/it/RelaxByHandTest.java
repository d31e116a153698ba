package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tvmbind.DType;
import dev.tvmbind.check.testing.TvmFfi;
import dev.tvmbind.check.testing.Wheels;
import dev.tvmbind.runtime.ffi.FfiModule;
import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.ffi.TvmFfiException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A Relax library the pinned apache-tvm compiles and exports in the build
 * ({@code src/test/python/relax_add_one.py}), run from Java through {@code @TvmFfi} interfaces
 * ({@link RelaxByHand}) on the wheel's {@code libtvm_runtime}: its output equals TVM's Python VM's,
 * at two sizes of its symbolic dimension, and a wrong dtype is the VM's own error, not a crash.
 */
class RelaxByHandTest {
    private static final Path LIBRARY = Path.of("target/relax/add_one.so");

    /** Exports the model with the current pins' Python; returns what TVM's Python VM printed. */
    private static String export() throws IOException, InterruptedException {
        Files.createDirectories(LIBRARY.getParent());
        Process python = new ProcessBuilder(Wheels.python(Wheels.environment(
                Wheels.Pins.CURRENT)).toString(), "src/test/python/relax_add_one.py",
                LIBRARY.toString()).redirectErrorStream(true).start();
        String output = new String(python.getInputStream().readAllBytes(),
                StandardCharsets.UTF_8);
        if (!python.waitFor(120, TimeUnit.SECONDS) || python.exitValue() != 0) {
            throw new IllegalStateException("relax_add_one.py failed: " + output);
        }
        return output.strip();
    }

    @Test
    void aRelaxFunctionRunsAsTvmsPythonVmRunsIt() throws Exception {
        String python = export();
        RelaxByHand.Modules modules = RelaxByHand_ModulesBinding.load(TvmFfi.library());
        RelaxByHand_RuntimeBinding.load(Wheels.tvm().resolve("lib/libtvm_runtime.so"));
        try (FfiModule module = modules.load(LIBRARY.toAbsolutePath().toString());
                FfiModule vm = modules.loader(module, "vm_load_executable", false)
                        .orElseThrow().load()) {
            assertEquals("ffi.Module", module.typeKey().substring(0, 10));
            RelaxByHand_VmBinding.load(TvmFfi.library())
                    .initialization(vm, "vm_initialization", false).orElseThrow()
                    .initialize(1, 0, 2);
            RelaxByHand.UnaryFunction main = RelaxByHand_FunctionsBinding.load(TvmFfi.library())
                    .function(vm, "main", false).orElseThrow();
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment three = arena.allocateFrom(ValueLayout.JAVA_FLOAT, 1f, 2f, 3f);
                try (Tensor x = Tensor.of(three, DType.FLOAT32, 3); Tensor y = main.apply(x)) {
                    assertArrayEquals(new long[] {3}, y.shape());
                    float[] out = y.data().toArray(ValueLayout.JAVA_FLOAT);
                    assertEquals(python, (double) out[0] + " " + (double) out[1] + " "
                            + (double) out[2]);
                }
                MemorySegment five = arena.allocateFrom(ValueLayout.JAVA_FLOAT, 0f, -1f, 2.5f,
                        1e6f, -0f);
                try (Tensor x = Tensor.of(five, DType.FLOAT32, 5); Tensor y = main.apply(x)) {
                    assertArrayEquals(new float[] {1f, 0f, 3.5f, 1e6f + 1, 1f},
                            y.data().toArray(ValueLayout.JAVA_FLOAT));
                }
                MemorySegment ints = arena.allocateFrom(ValueLayout.JAVA_INT, 1, 2, 3);
                try (Tensor x = Tensor.of(ints, DType.INT32, 3)) {
                    TvmFfiException wrong = assertThrows(TvmFfiException.class,
                            () -> main.apply(x));
                    assertEquals(true, wrong.errorMessage().contains("float32"),
                            wrong.getMessage());
                }
            }
        }
    }
}
