package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.DType;
import dev.tvmbind.check.testing.TvmFfi;
import dev.tvmbind.check.testing.Wheels;
import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.ffi.TvmFfiException;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A kernel the pinned apache-tvm compiles and exports as it is ({@code tvm_kernel.py}): no
 * {@code NEEDED} entry for libtvm_ffi, tvm-ffi's C API taken from the process. In JVMs of their
 * own, since the first libtvm_ffi loaded is the process's: without one, the error says how to
 * load it (not "-ltvm_ffi", which nobody can do to TVM's output); with one, the kernel computes,
 * and its own check of a wrong argument raises through tvm-ffi's error API: a
 * {@code TvmFfiException}, the JVM alive after it.
 */
class TvmExportedKernelTest {
    private static Path kernel;

    @BeforeAll
    static void export() throws Exception {
        kernel = Path.of("target/tvm-kernel/tvm_kernel.so").toAbsolutePath();
        Files.createDirectories(kernel.getParent());
        Process python = new ProcessBuilder(Wheels.python(Wheels.environment(
                Wheels.Pins.CURRENT)).toString(), "src/test/python/tvm_kernel.py",
                kernel.toString()).redirectErrorStream(true).start();
        String output = new String(python.getInputStream().readAllBytes(),
                StandardCharsets.UTF_8);
        assertTrue(python.waitFor(120, TimeUnit.SECONDS) && python.exitValue() == 0, output);
    }

    @Test
    void withoutLibtvmFfiTheErrorSaysHowToLoadIt() throws Exception {
        String output = run(null);
        assertTrue(output.startsWith("MissingSymbolsError: the library " + kernel + " lacks"
                + " TVMFFIErrorMoveFromRaised, TVMFFIObjectDecRef: it does not link libtvm_ffi,"
                + " the runtime of TVM's FFI, and none runs the process yet. A library TVM's"
                + " compiler exported (export_library) never links it but takes its C API from"
                + " the process: load one first with -Dtvmbind.tvmFfi="), output);
    }

    @Test
    void withItTheKernelComputesAndItsOwnErrorsAreExceptions() throws Exception {
        String output = run(TvmFfi.library().toString());
        List<String> lines = output.lines().toList();
        assertEquals("[2.0, 3.0, 4.0, 5.0]", lines.get(0), output);
        // TIR's own check of its arguments, raised through tvm-ffi's error API.
        assertTrue(lines.get(1).startsWith("TvmFfiException: __tvm_ffi_add_one raised"
                + " ValueError: Invalid x.shape[0] on argument #0"), output);
        assertEquals("alive", lines.getLast(), output);
    }

    private static String run(String tvmFfi) throws Exception {
        List<String> command = new ArrayList<>(List.of(ChildJvm.java(),
                "--enable-native-access=ALL-UNNAMED"));
        if (tvmFfi != null) {
            command.add("-Dtvmbind.tvmFfi=" + tvmFfi);
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"),
                Calls.class.getName(), kernel.toString()));
        return ChildJvm.run(command, Map.of(), List.of("TVMBIND_TVM_FFI"));
    }

    /** Loads the kernel, adds one to 4 floats, then passes 5; prints what happened. */
    static final class Calls {
        public static void main(String[] args) {
            TvmKernels kernels;
            try {
                kernels = TvmKernelsBinding.load(Path.of(args[0]));
            } catch (RuntimeException | Error e) {
                System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage());
                return;
            }
            try (Arena arena = Arena.ofConfined()) {
                Tensor x = Tensor.of(arena.allocateFrom(ValueLayout.JAVA_FLOAT, 1, 2, 3, 4),
                        DType.FLOAT32, 4);
                Tensor y = Tensor.of(arena.allocate(ValueLayout.JAVA_FLOAT, 4), DType.FLOAT32, 4);
                kernels.addOne(x, y);
                System.out.println(Arrays.toString(y.data().toArray(ValueLayout.JAVA_FLOAT)));
                Tensor five = Tensor.of(arena.allocate(ValueLayout.JAVA_FLOAT, 5),
                        DType.FLOAT32, 5);
                try {
                    kernels.addOne(five, y);
                    System.out.println("not refused");
                } catch (TvmFfiException e) {
                    System.out.println("TvmFfiException: " + e.getMessage());
                }
            }
            System.out.println("alive");
        }
    }
}
