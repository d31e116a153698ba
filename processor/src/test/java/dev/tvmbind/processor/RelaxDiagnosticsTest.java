package dev.tvmbind.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tvmbind.processor.Sources.BODY_LINE;
import static dev.tvmbind.processor.Sources.compile;
import static dev.tvmbind.processor.Sources.model;
import static dev.tvmbind.processor.Sources.oneError;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** SPEC §14's compile-time rules for a {@code @TvmRelax} interface: one test per key, on its line. */
class RelaxDiagnosticsTest {
    private static final String TENSOR = "dev.tvmbind.runtime.ffi.Tensor";

    @Test
    void aValidInterfaceGetsItsBindingAndNoHeader() {
        JavaFileObject source = model("Mlp", "@TvmRelax",
                "@Shape(value = {\"n\", \"10\"}, dtype = DType.FLOAT32) " + TENSOR + " forward("
                        + "@Shape(value = {\"n\", \"784\"}, dtype = DType.FLOAT32) " + TENSOR
                        + " x);",
                "@EntryPoint(\"main\") java.util.List<" + TENSOR + "> pair(" + TENSOR + " x,"
                        + " long[] shape, long n, double by);",
                "Object any(" + TENSOR + " binding);");
        Compilation c = compile(List.of("-Xlint:all,-processing", "-Werror"), source);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.MlpBinding").contentsAsUtf8String()
                .contains("FfiFunctionContract.relax(\"pair\", \"main\", FfiType.listOf("
                        + "FfiType.Plain.TENSOR)");
        // A parameter named binding does not hide the binding's field.
        assertThat(c).generatedSourceFile("test.MlpBinding").contentsAsUtf8String()
                .contains("return this.binding.call(2, binding);");
        assertTrue(c.generatedFiles().stream().noneMatch(f -> f.getName().endsWith(".h")),
                "a Relax interface has no C++ header");
    }

    @Test
    void anAutoCloseableInterfaceClosesItsBinding() {
        JavaFileObject source = model("Mlp", "@TvmRelax",
                TENSOR + " forward(" + TENSOR + " x);");
        JavaFileObject closeable = JavaFileObjects.forSourceLines("test.Closing", "package test;",
                "@dev.tvmbind.TvmRelax",
                "public interface Closing extends AutoCloseable {",
                "    " + TENSOR + " forward(" + TENSOR + " x);",
                "    @Override void close();",
                "}");
        Compilation c = compile(List.of("-Xlint:all,-processing", "-Werror"), source, closeable);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.ClosingBinding").contentsAsUtf8String()
                .contains("public void close() {\n            this.binding.close();");
    }

    @Test
    void aClass() {
        JavaFileObject source = JavaFileObjects.forSourceLines("test.K", "package test;",
                "@dev.tvmbind.TvmRelax", "public class K {}");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:relax-not-an-interface]"
                + " @TvmRelax is on class test.K; it belongs on an interface, which the generated"
                + " binding implements").inFile(source).onLine(3);
    }

    @Test
    void bothAnnotations() {
        JavaFileObject source = JavaFileObjects.forSourceLines("test.K", "package test;",
                "@dev.tvmbind.TvmRelax @dev.tvmbind.TvmFfi", "public interface K {}");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:relax-and-ffi] test.K"
                + " is both @TvmFfi and @TvmRelax; a library's functions are either exported"
                + " through TVM's FFI or Relax functions a VM runs, so remove one")
                .inFile(source).onLine(3);
    }

    @Test
    void typesAVmNeitherTakesNorReturns() {
        JavaFileObject source = model("K", "@TvmRelax",
                "String name(" + TENSOR + " x);",
                TENSOR + " scale(" + TENSOR + " x, String by);");
        Compilation c = compile(source);
        assertThat(c).hadErrorContaining("[tvmbind:relax-unsupported-type] the result of name has"
                + " type String, which a Relax function does not return; use Tensor, List<Tensor>"
                + " for a tuple, a record of those for a tuple (nested records for nested"
                + " tuples), or Object for any result (a List for a tuple)").inFile(source)
                .onLine(BODY_LINE);
        assertThat(c).hadErrorContaining("[tvmbind:relax-unsupported-type] parameter by of scale"
                + " has type String, which a Relax function does not take; use Tensor, long[] for"
                + " a shape, long or double").inFile(source).onLine(BODY_LINE + 1);
    }

    @Test
    void aRecordOfWhatAVmReturnsIsATupleAndAnyOtherComponentIsRefused() {
        JavaFileObject records = JavaFileObjects.forSourceLines("test.Out", "package test;",
                "public record Out(" + TENSOR + " a, java.util.List<" + TENSOR + "> b, Object c,"
                        + " In d) {}");
        JavaFileObject inner = JavaFileObjects.forSourceLines("test.In", "package test;",
                "public record In(" + TENSOR + " x, String name) {}");
        JavaFileObject source = model("K", "@TvmRelax", "Out f(" + TENSOR + " x);");
        assertThat(oneError(compile(source, records, inner))).hadErrorContaining(
                "[tvmbind:relax-unsupported-type] component name of In, the result of f has type"
                        + " java.lang.String, which a Relax function does not return; use Tensor,"
                        + " List<Tensor> for a tuple, a record of those for a tuple (nested records"
                        + " for nested tuples), or Object").inFile(source).onLine(BODY_LINE);
        JavaFileObject good = JavaFileObjects.forSourceLines("test.In", "package test;",
                "public record In(" + TENSOR + " x, " + TENSOR + " y) {}");
        Compilation c = compile(List.of("-Xlint:all,-processing", "-Werror"), source, records,
                good);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.KBinding").contentsAsUtf8String().contains(
                "List<?> tuple$1 = RelaxBinding.tupleOf(tuple$0.get(3), 2, \"f\");");
    }

    @Test
    void annotationsOfExportedFunctions() {
        JavaFileObject source = model("K", "@TvmRelax",
                "@Global(\"x.y\") " + TENSOR + " f(@TvmFfi.Owned " + TENSOR + " x);");
        Compilation c = compile(source);
        assertThat(c).hadErrorContaining("[tvmbind:relax-annotation] method f is @Global, which"
                + " has no meaning for a Relax function a VM runs, so remove it")
                .inFile(source).onLine(BODY_LINE);
        assertThat(c).hadErrorContaining("[tvmbind:relax-annotation] parameter x of f is"
                + " @TvmFfi.Owned").inFile(source).onLine(BODY_LINE);
    }

    @Test
    void twoMethodsOnOneFunction() {
        JavaFileObject source = model("K", "@TvmRelax",
                TENSOR + " forward(" + TENSOR + " x);",
                "@EntryPoint(\"forward\") " + TENSOR + " again(" + TENSOR + " x);");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:ffi-duplicate-symbol]"
                + " again and forward both call forward").inFile(source).onLine(BODY_LINE + 1);
    }
}
