package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.DType;
import dev.tvmbind.check.testing.TvmFfi;
import dev.tvmbind.check.testing.Wheels;
import dev.tvmbind.runtime.ffi.FfiFunction;
import dev.tvmbind.runtime.ffi.Tensor;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * One description, both sides (SPEC §13): the C++ of {@code src/test/ffi/header} is written
 * against {@code header_kernels_ffi.h}, which the processor generated from {@link HeaderKernels}.
 * g++ (C++17, {@code -Wall -Wextra -Werror}, tvm-ffi's headers as system headers, linked with
 * {@code -Wl,-z,defs}) builds the right definitions into a library whose every function loads
 * checked against the schema its export macro wrote, and refuses each wrong one.
 */
class FfiHeaderTest {
    /** The exit status and output of g++ building {@code sources} into {@code library}. */
    private record Build(int status, String output) {}

    private static Build build(String library, String... sources) throws Exception {
        Path install = TvmFfi.installed();
        return build(library, List.of("-isystem", install.resolve("include").toString(), "-L",
                install.resolve("lib").toString()), sources);
    }

    /** g++ with tvm-ffi's flags {@code flags}, the generated header's folder and an rpath. */
    private static Build build(String library, List<String> flags, String... sources)
            throws Exception {
        Path install = TvmFfi.installed();
        Path output = Path.of(System.getProperty("tvmbind.native"), "ffi-header", library);
        Files.createDirectories(output.getParent());
        List<String> command = new ArrayList<>(List.of("g++", "-std=c++17", "-O2", "-shared",
                "-fPIC", "-Wall", "-Wextra", "-Werror"));
        command.addAll(flags);
        command.addAll(List.of("-I", System.getProperty("tvmbind.headers"),
                "-Wl,-rpath," + install.resolve("lib"), "-Wl,-z,defs", "-o", output.toString()));
        for (String source : sources) {
            command.add(Path.of("src/test/ffi/header", source).toString());
        }
        command.add("-ltvm_ffi");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("LC_ALL", "C"); // g++'s messages with ASCII quotes
        Process process = builder.start();
        String text = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(2, TimeUnit.MINUTES), "g++ finished");
        return new Build(process.exitValue(), text);
    }

    private static Path built(String library, String... sources) throws Exception {
        Build build = build(library, sources);
        assertEquals(0, build.status(), build.output());
        return Path.of(System.getProperty("tvmbind.native"), "ffi-header", library);
    }

    /**
     * The declared tensors' check is in the header too: the export macro exports a wrapper that
     * checks them before the quickstart's unchecking {@code add_one} runs. From Java the binding
     * refuses first; from tvm-ffi's Python (the current pins' environment) the wrapper refuses
     * with the same message, as tvm-ffi's {@code ValueError}, and right tensors pass.
     */
    @Test
    void theHeadersShapeCheckRefusesWhatJavaRefusesForAnyCaller() throws Exception {
        Path library = built("libshaped_header.so", "shaped.cc");
        ShapedKernels java = ShapedKernelsBinding.load(library);
        List<String> javaSays = new ArrayList<>();
        try (Arena arena = Arena.ofConfined()) {
            Tensor ints = Tensor.of(arena.allocateFrom(ValueLayout.JAVA_INT,
                    1, 2, 3), DType.INT32, 3);
            Tensor five = Tensor.of(arena.allocate(ValueLayout.JAVA_FLOAT, 5),
                    DType.FLOAT32, 5);
            Tensor three = Tensor.of(arena.allocate(ValueLayout.JAVA_FLOAT, 3),
                    DType.FLOAT32, 3);
            for (Tensor[] call : new Tensor[][] {{ints, three}, {five, three}}) {
                javaSays.add(org.junit.jupiter.api.Assertions.assertThrows(
                        IllegalArgumentException.class, () -> java.addOne(call[0], call[1]))
                        .getMessage());
            }
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(Wheels.Pins.selected()
                == Wheels.Pins.CURRENT, "tvm-ffi's Python is called on the current pins only");
        Process python = new ProcessBuilder(Wheels.python(Wheels.environment()).toString(),
                "src/test/python/call_shaped.py", library.toString()).redirectErrorStream(true)
                .start();
        String output = new String(python.getInputStream().readAllBytes(),
                StandardCharsets.UTF_8);
        assertTrue(python.waitFor(2, TimeUnit.MINUTES) && python.exitValue() == 0, output);
        assertEquals(List.of("ValueError: " + javaSays.get(0), "ValueError: " + javaSays.get(1),
                "ok [1.0, 2.0, 3.0]"), output.lines().toList());
    }

    /**
     * Declared devices and strides are in the header's check too: from tvm-ffi's Python, NumPy's
     * transposed view and the library's own pinned tensor are refused by the wrapper with the
     * messages the Java binding gives for its transposed view and that pinned tensor.
     */
    @Test
    void theHeadersLayoutCheckRefusesWhatJavaRefusesForAnyCaller() throws Exception {
        Path library = built("liblaid_out_header.so", "laid_out.cc");
        LaidOutKernels java = LaidOutKernelsBinding.load(library);
        List<String> javaSays = new ArrayList<>();
        try (Tensor transposed = java.transposed(2, 3); Tensor pinned = java.pinnedOnes(2, 3)) {
            for (Tensor x : List.of(transposed, pinned)) {
                javaSays.add(org.junit.jupiter.api.Assertions.assertThrows(
                        IllegalArgumentException.class, () -> java.sumFlat(x)).getMessage());
            }
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(Wheels.Pins.selected()
                == Wheels.Pins.CURRENT, "tvm-ffi's Python is called on the current pins only");
        Process python = new ProcessBuilder(Wheels.python(Wheels.environment()).toString(),
                "src/test/python/call_laid_out.py", library.toString()).redirectErrorStream(true)
                .start();
        String output = new String(python.getInputStream().readAllBytes(),
                StandardCharsets.UTF_8);
        assertTrue(python.waitFor(2, TimeUnit.MINUTES) && python.exitValue() == 0, output);
        assertEquals(List.of("ValueError: " + javaSays.get(0), "ValueError: " + javaSays.get(1),
                "ok 70.0"), output.lines().toList());
    }

    @Test
    void theRightDefinitionsLoadCheckedAndCall() throws Exception {
        HeaderKernels kernels = HeaderKernelsBinding.load(built("libheader_right.so",
                "rest.cc", "add_ints.cc", "exports.cc"));
        List<FfiFunction> functions = HeaderKernelsBinding.functions(kernels);
        assertTrue(functions.stream().allMatch(FfiFunction::checked), functions::toString);
        assertEquals("[DLTensor*, DLTensor*] -> None", functions.get(1).schema().orElseThrow());
        assertEquals(42, kernels.addInts(40, 2));
        assertEquals(7.5, kernels.scale(2.5, 3f));
        assertEquals("hello, header!", kernels.greet("header"));
        assertFalse(kernels.negate(true));
        assertEquals(-7, kernels.narrow(-7));
        assertEquals(8, kernels.tiny((byte) 7));
        kernels.nothing();
        assertEquals(-9, kernels.remove(9));
        assertEquals(5, kernels.firstOr(List.of(5L, 6L), Optional.of(7L)));
        assertEquals(7, kernels.firstOr(List.of(), Optional.of(7L)));
        assertEquals(-1, kernels.firstOr(List.of(), Optional.empty()));
        assertEquals(List.of(Optional.of("0"), Optional.empty(), Optional.of("2")),
                kernels.maybeNames(3));
        assertArrayEquals(new long[] {2, 3, 4}, kernels.appended(new long[] {2, 3}, 4));
        java.math.BigInteger big = java.math.BigInteger.ONE.shiftLeft(80);
        assertEquals(big.shiftLeft(1), kernels.twice(big));
        assertEquals(java.math.BigInteger.TEN, kernels.twice(java.math.BigInteger.valueOf(5)));
        assertArrayEquals(new byte[] {3, 2, 1}, kernels.backwards(new byte[] {1, 2, 3}));
        assertEquals(new dev.tvmbind.runtime.ffi.DLDevice(1, 1), kernels.next(
                dev.tvmbind.runtime.ffi.DLDevice.CPU));
        assertEquals(new dev.tvmbind.runtime.ffi.DLDataType(2, 32, 2), kernels.wider(
                new dev.tvmbind.runtime.ffi.DLDataType(2, 32, 1)));
        assertEquals(List.of(1L, "two"), kernels.echoAny(List.of(1, "two")));
        try (dev.tvmbind.runtime.ffi.FfiObject object = TestingLibraryBinding.load(
                dev.tvmbind.check.testing.TvmFfi.installed().resolve(
                        "lib/libtvm_ffi_testing.so")).makeUnregisteredObject()) {
            assertEquals("testing.TestUnregisteredObject", kernels.typeKeyOf(object));
        }
        assertEquals(13, kernels.iterate(x -> x + 3, 1, 4));
        assertEquals(20, kernels.times(4).step(5));
        assertEquals(Optional.empty(), kernels.lookup("header_kernels.no_such_function"));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment x = arena.allocateFrom(ValueLayout.JAVA_FLOAT, 1, 2, 3, 4, 5);
            MemorySegment y = arena.allocate(ValueLayout.JAVA_FLOAT, 5);
            try (Tensor in = Tensor.of(x, DType.FLOAT32, 5);
                    Tensor out = Tensor.of(y, DType.FLOAT32, 5)) {
                kernels.addOne(in, out);
                assertArrayEquals(new float[] {2, 3, 4, 5, 6}, y.toArray(ValueLayout.JAVA_FLOAT));
                try (Tensor same = kernels.same(in)) {
                    assertEquals(x.address(), same.data().address());
                }
            }
            assertEquals(x.address() + 3, kernels.offset(x, (short) 3).address());
        }
    }

    /**
     * The wheel's own flags as {@code tvm-ffi-config --cxxflags --ldflags --libs} gives them (its
     * headers with {@code -I}, not as system headers): the generated header and tvm-ffi's own
     * compile under {@code -Wall -Wextra -Werror}, and link with {@code -z defs}.
     */
    @Test
    void theRightDefinitionsBuildWithTvmFfiConfigsOwnFlags() throws Exception {
        List<String> flags = new ArrayList<>();
        for (String option : List.of("--cxxflags", "--ldflags", "--libs")) {
            Process config = new ProcessBuilder(Wheels.python(Wheels.environment()).toString(),
                    "-m", "tvm_ffi.config", option).redirectErrorStream(true).start();
            String printed = new String(config.getInputStream().readAllBytes(),
                    StandardCharsets.UTF_8).strip();
            assertTrue(config.waitFor(1, TimeUnit.MINUTES) && config.exitValue() == 0, printed);
            flags.addAll(List.of(printed.split("\\s+")));
        }
        assertTrue(flags.stream().anyMatch(f -> f.startsWith("-I")), flags.toString());
        Build build = build("libheader_config.so", flags, "rest.cc", "add_ints.cc",
                "exports.cc");
        assertEquals(0, build.status(), flags + "\n" + build.output());
        HeaderKernels kernels = HeaderKernelsBinding.load(Path.of(
                System.getProperty("tvmbind.native"), "ffi-header", "libheader_config.so"));
        assertEquals(42, kernels.addInts(40, 2));
    }

    @Test
    void aParameterOfAnotherTypeDoesNotLink() throws Exception {
        Build build = build("libheader_parameter.so", "rest.cc", "wrong_parameter.cc",
                "exports.cc");
        assertTrue(build.status() != 0, build.output());
        assertTrue(build.output().contains("undefined reference to `dev::tvmbind::it::add_ints(long,"
                + " long)'"), build.output());
    }

    @Test
    void anotherResultTypeDoesNotCompile() throws Exception {
        Build build = build("libheader_result.so", "rest.cc", "wrong_result.cc", "exports.cc");
        assertTrue(build.status() != 0, build.output());
        assertTrue(build.output().contains("wrong_result.cc") && build.output().contains(
                "ambiguating new declaration of 'double dev::tvmbind::it::add_ints("),
                build.output());
    }

    @Test
    void anotherArityDoesNotLink() throws Exception {
        Build build = build("libheader_arity.so", "rest.cc", "wrong_arity.cc", "exports.cc");
        assertTrue(build.status() != 0, build.output());
        assertTrue(build.output().contains("undefined reference to `dev::tvmbind::it::add_ints(long,"
                + " long)'"), build.output());
    }

    @Test
    void theHeaderAfterTvmFfisOwnWithoutMetadataSaysWhy() throws Exception {
        Build build = build("libheader_late.so", "late_include.cc");
        assertTrue(build.status() != 0, build.output());
        assertTrue(build.output().contains("header_kernels_ffi.h exports type schemas: include it"
                + " before tvm-ffi's headers, or compile with"
                + " -DTVM_FFI_DLL_EXPORT_INCLUDE_METADATA=1"), build.output());
    }

    /** The header as a reader finds it: a comment saying what to do, no parameter name as code. */
    @Test
    void theHeaderSaysWhatToDefine() throws IOException {
        String header = Files.readString(Path.of(System.getProperty("tvmbind.headers"),
                "header_kernels_ffi.h"));
        assertTrue(header.startsWith("// Generated by tvmbind from dev.tvmbind.it.HeaderKernels:"),
                header);
        assertTrue(header.contains("void* offset(void* /* pointer */, int16_t /* by */);"), header);
        assertTrue(header.contains("tvm::ffi::Tensor same(tvm::ffi::Tensor /* x */);"), header);
        assertTrue(header.contains("  TVM_FFI_DLL_EXPORT_TYPED_FUNC(add_one_cpu,"
                + " ::dev::tvmbind::it::add_one_cpu)"), header);
        // A C++ keyword gets a trailing '_' in C++; the symbol keeps the exported name.
        assertTrue(header.contains("  TVM_FFI_DLL_EXPORT_TYPED_FUNC(delete,"
                + " ::dev::tvmbind::it::delete_)"), header);
    }
}
