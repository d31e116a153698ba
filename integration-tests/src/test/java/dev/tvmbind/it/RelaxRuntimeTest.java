package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.runtime.relax.RelaxModule;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Where TVM's runtime is looked for, in JVMs of their own (one runtime per process): nowhere
 * named is one error listing every place tried; a folder without it says what it looked for in
 * it; the wheel's site-packages is understood.
 */
class RelaxRuntimeTest {
    @Test
    void withoutARuntimeOneErrorNamesEveryPlaceTried() throws Exception {
        String output = load(null);
        assertEquals("UnreadableLibraryError: no libtvm_runtime.so to run Relax libraries with."
                + " Tried: -Dtvmbind.tvmRuntime and TVMBIND_TVM_RUNTIME: not set; a Relax"
                + " bundle's (RelaxBundle.extract): none; a runtime tvmbind loaded already: none."
                + " Install apache-tvm (pip install apache-tvm==0.27.0.post1) and name its"
                + " site-packages with -Dtvmbind.tvmRuntime, or ship the model as a bundle (the"
                + " Maven plugin's relax-bundle goal)", output.strip());
    }

    @Test
    void aFolderWithoutItSaysWhatItLookedFor() throws Exception {
        Path empty = RelaxModels.directory();
        String output = load(empty.toString());
        assertEquals("UnreadableLibraryError: " + empty + ", which -Dtvmbind.tvmRuntime (or"
                + " TVMBIND_TVM_RUNTIME) names, holds no libtvm_runtime.so, lib/libtvm_runtime.so"
                + " or tvm/lib/libtvm_runtime.so (apache-tvm's site-packages)", output.strip());
    }

    @Test
    void theWheelsSitePackagesIsUnderstood() throws Exception {
        assertEquals("[2.0, 3.0]", load(RelaxModels.sitePackages().toString()).strip());
    }

    /**
     * {@code R.argsort} calls {@code tvm.contrib.sort.argsort}, which only
     * {@code libtvm_runtime_extra} registers: with a runtime folder that lacks it, the call is
     * TVM's error naming the function, never a crash.
     */
    @Test
    void aFunctionNoLoadedLibraryRegistersIsNamed() throws Exception {
        Path alone = Path.of("target/runtime-alone").toAbsolutePath();
        java.nio.file.Files.createDirectories(alone);
        Path runtime = alone.resolve("libtvm_runtime.so");
        java.nio.file.Files.deleteIfExists(runtime);
        java.nio.file.Files.createSymbolicLink(runtime,
                dev.tvmbind.check.testing.Wheels.tvm().resolve("lib/libtvm_runtime.so"));
        String output = load(runtime.toString(), "-Dtvmbind.tvmFfi="
                + dev.tvmbind.check.testing.TvmFfi.library(), "sorting", "order", "6");
        assertTrue(output.startsWith("TvmFfiException: order raised"), output);
        assertTrue(output.contains("tvm.contrib.sort.argsort"), output);
    }

    /**
     * The wheel's libtvm_ffi installs a SIGSEGV handler of its own; loaded with TVM's runtime and
     * a model behind the signal guard, it leaves the JVM's: 50,000 implicit null checks and a call
     * after them, in a JVM of its own.
     */
    @Test
    void implicitNullChecksSurviveTheRuntimesLoad() throws Exception {
        String output = ChildJvm.run(List.of(ChildJvm.java(), "--enable-native-access=ALL-UNNAMED",
                "-XX:CompileCommand=quiet", "-XX:CompileCommand=dontinline,*::length",
                "-Dtvmbind.tvmRuntime=" + RelaxModels.sitePackages(), "-cp",
                System.getProperty("java.class.path"), NullChecksAfterLoad.class.getName(),
                RelaxModels.library("symbolic").toString()), Map.of(),
                List.of("TVMBIND_TVM_RUNTIME", "TVMBIND_TVM_FFI"));
        assertTrue(output.strip().matches("alive after 50000 null checks \\(\\d+\\); then"
                + " \\[2\\.0, 3\\.0\\]"), output);
    }

    /** Loads a model, takes HotSpot's implicit null checks (a fault each), then calls it. */
    static final class NullChecksAfterLoad {
        public static void main(String[] args) {
            try (RelaxModule module = RelaxModule.load(Path.of(args[0]));
                    java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined()) {
                String[] values = {"x", "yy"};
                long sum = 0;
                for (int i = 0; i < 2_000_000; i++) {
                    sum += length(values[i & 1]); // compiled on a profile without nulls
                }
                values[1] = null;
                long caught = 0;
                for (int i = 0; i < 100_000; i++) {
                    try {
                        sum += length(values[i & 1]);
                    } catch (NullPointerException e) {
                        caught++;
                    }
                }
                dev.tvmbind.runtime.ffi.Tensor x = dev.tvmbind.runtime.ffi.Tensor.of(
                        arena.allocateFrom(java.lang.foreign.ValueLayout.JAVA_FLOAT, 1f, 2f),
                        dev.tvmbind.DType.FLOAT32, 2);
                try (dev.tvmbind.runtime.ffi.Tensor y = (dev.tvmbind.runtime.ffi.Tensor)
                        module.call("add_one", x)) {
                    System.out.println("alive after " + caught + " null checks (" + sum
                            + "); then " + java.util.Arrays.toString(y.data().toArray(
                                    java.lang.foreign.ValueLayout.JAVA_FLOAT)));
                }
            }
        }

        private static int length(String text) {
            return text.length();
        }
    }

    /** Loads the symbolic model in a new JVM, the property set to {@code runtime} if given. */
    private static String load(String runtime) throws Exception {
        return load(runtime, null, "symbolic", "add_one", "2");
    }

    private static String load(String runtime, String option, String model, String function,
            String floats) throws Exception {
        List<String> command = new ArrayList<>(List.of(ChildJvm.java(),
                "--enable-native-access=ALL-UNNAMED"));
        if (runtime != null) {
            command.add("-Dtvmbind.tvmRuntime=" + runtime);
        }
        if (option != null) {
            command.add(option);
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"),
                Load.class.getName(), RelaxModels.library(model).toString(), function, floats));
        return ChildJvm.run(command, Map.of(), List.of("TVMBIND_TVM_RUNTIME", "TVMBIND_TVM_FFI"));
    }

    /**
     * Calls {@code args[1]} of library {@code args[0]} with the floats 1, 2, … ({@code args[2]}
     * of them) and prints the result, or the exception's class and message.
     */
    static final class Load {
        public static void main(String[] args) {
            float[] floats = new float[Integer.parseInt(args[2])];
            for (int i = 0; i < floats.length; i++) {
                floats[i] = i + 1;
            }
            try (RelaxModule module = RelaxModule.load(Path.of(args[0]));
                    java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined();
                    dev.tvmbind.runtime.ffi.Tensor x = dev.tvmbind.runtime.ffi.Tensor.of(
                            arena.allocateFrom(java.lang.foreign.ValueLayout.JAVA_FLOAT, floats),
                            dev.tvmbind.DType.FLOAT32, floats.length);
                    dev.tvmbind.runtime.ffi.Tensor y = (dev.tvmbind.runtime.ffi.Tensor)
                            module.call(args[1], x)) {
                float[] out = y.data().toArray(java.lang.foreign.ValueLayout.JAVA_FLOAT);
                System.out.println(java.util.Arrays.toString(out));
            } catch (RuntimeException | Error e) {
                System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage());
            }
        }
    }
}
