package dev.tvmbind.processor.generate.java;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.tvmbind.processor.Sources;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/**
 * The generated binding and C++ header of a {@code @TvmFfi} interface of every kind of type (a
 * golden pair, as the model's: {@code -Dtvmbind.updateGoldens=DIR} rewrites them for review), the
 * binding free of lint warnings.
 */
public class GoldenFfiBindingTest {
    /** Its source, which {@code EcjTest} compiles with Eclipse's compiler too. */
    public static final JavaFileObject KERNELS = JavaFileObjects.forSourceLines("golden.Kernels",
            "package golden;",
            "",
            "import dev.tvmbind.DType;",
            "import dev.tvmbind.DeviceType;",
            "import dev.tvmbind.EntryPoint;",
            "import dev.tvmbind.Global;",
            "import dev.tvmbind.Shape;",
            "import dev.tvmbind.TvmFfi;",
            "import dev.tvmbind.runtime.ffi.Tensor;",
            "import java.lang.foreign.MemorySegment;",
            "import java.util.List;",
            "import java.util.Map;",
            "import java.util.Optional;",
            "",
            "/** Kernels of every kind of type. */",
            "@TvmFfi",
            "public interface Kernels {",
            "    /** Adds. */",
            "    long add(long a, long b);",
            "",
            "    int narrow(short s, byte b, boolean flag);",
            "",
            "    double scale(double x, float by);",
            "",
            "    String greet(String name);",
            "",
            "    MemorySegment offset(MemorySegment pointer, long by);",
            "",
            "    @EntryPoint(\"AddOne\") void addOne(Tensor x, Tensor y);",
            "",
            "    Tensor same(@TvmFfi.Owned Tensor x);",
            "",
            "    Optional<Long> firstOr(List<Long> values, Optional<Long> otherwise);",
            "",
            "    Map<String, List<Long>> group(Map<String, Long> counts);",
            "",
            "    long apply(Op op, long x);",
            "",
            "    @Global(\"testing.add_one\") long addOneGlobal(long x);",
            "",
            "    double trace(@Shape(value = {\"n\", \"n\"}, dtype = DType.FLOAT32,",
            "            device = {DeviceType.CPU, DeviceType.CUDA_HOST}, contiguous = true) Tensor m,",
            "            @Shape(\"n\") Tensor d);",
            "",
            "    /** A function the library calls back. */",
            "    @TvmFfi.Callback",
            "    interface Op {",
            "        long call(long x);",
            "    }",
            "}");

    @Test
    void bindingAndHeaderMatchTheirGoldens() throws IOException {
        Compilation compilation = Sources.compile(List.of("-Xlint:all,-processing", "-Werror"),
                KERNELS);
        assertThat(compilation).succeededWithoutWarnings();
        compare(compilation, "golden", "KernelsBinding.java", "KernelsBinding.java.txt");
        compare(compilation, "", "kernels_ffi.h", "kernels_ffi.h");
    }

    /**
     * An interface whose members and parameters take the names the binding writes: constants
     * named like a package's first part, a runtime class and a binding field, a member type
     * named like another, parameters named like fields, classes and packages. Its binding
     * compiles lint-free (#47: {@code int dev = 1} broke it with ten errors).
     */
    @Test
    void anInterfaceWhoseNamesHideTheBindingsStillCompiles() {
        JavaFileObject hostile = JavaFileObjects.forSourceLines("hostile.Hostile",
                "package hostile;",
                "",
                "import dev.tvmbind.TvmFfi;",
                "import java.util.List;",
                "",
                "@TvmFfi",
                "public interface Hostile {",
                "    int dev = 1;",
                "    int java = 2;",
                "    int FfiValues = 3;",
                "    int SYMBOL_ADD = 4;",
                "    int FFI = 5;",
                "    String Scratch = \"s\";",
                "    interface FfiContainer {}",
                "    interface MemorySegment {}",
                "",
                "    long add(long a, long b);",
                "",
                "    long sub(long FFI, long dev, String java, long SCRATCH);",
                "",
                "    String echo(String FfiValues, List<Long> Scratch, List<String> frame);",
                "}");
        Compilation compilation = Sources.compile(List.of("-Xlint:all,-processing", "-Werror"),
                hostile);
        assertThat(compilation).succeededWithoutWarnings();
    }

    private static void compare(Compilation compilation, String packageName, String file,
            String golden) throws IOException {
        JavaFileObject generatedFile = compilation.generatedFile(StandardLocation.SOURCE_OUTPUT,
                packageName, file).orElseThrow(() -> new AssertionError("no " + file));
        String generated;
        try (InputStream in = generatedFile.openInputStream()) {
            generated = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String update = System.getProperty("tvmbind.updateGoldens");
        if (update != null) {
            Files.writeString(Path.of(update, golden), generated);
        }
        try (InputStream in = GoldenFfiBindingTest.class.getResourceAsStream("/golden/" + golden)) {
            if (in == null) {
                throw new AssertionError("no golden file golden/" + golden);
            }
            assertEquals(new String(in.readAllBytes(), StandardCharsets.UTF_8), generated);
        }
    }
}
