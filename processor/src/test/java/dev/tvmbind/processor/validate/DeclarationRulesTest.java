package dev.tvmbind.processor.validate;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tvmbind.processor.Sources.oneError;
import static dev.tvmbind.processor.Sources.oneWarning;
import static dev.tvmbind.processor.Sources.ANNOTATION_LINE;
import static dev.tvmbind.processor.Sources.BODY_LINE;
import static dev.tvmbind.processor.Sources.compile;
import static dev.tvmbind.processor.Sources.model;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Where the annotations may stand and which types map to C (README's "Java and C types", §6 rule
 * 1).
 */
class DeclarationRulesTest {
    @Test
    void modelOnAClass() {
        JavaFileObject source = JavaFileObjects.forSourceLines("test.Klass",
                "package test;",
                "@dev.tvmbind.TvmModel",
                "class Klass {}");
        Compilation c = compile(source);
        assertThat(c).hadErrorContaining("[tvmbind:not-an-interface] @TvmModel is on class Klass")
                .inFile(source).onLine(2);
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void privateInterface() {
        JavaFileObject source = JavaFileObjects.forSourceLines("test.Outer",
                "package test;",
                "class Outer {",
                "  @dev.tvmbind.TvmModel",
                "  private interface Hidden {}",
                "}");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:private-interface]"
                + " @TvmModel interface test.Outer.Hidden is private, so the generated binding"
                + " cannot implement it; make it package-private or public").inFile(source)
                .onLine(3);
    }

    @Test
    void nestedInAPrivateClass() {
        JavaFileObject source = JavaFileObjects.forSourceLines("test.Outer",
                "package test;",
                "class Outer {",
                "  private static class Inner {",
                "    @dev.tvmbind.TvmModel",
                "    interface Deep {}",
                "  }",
                "}");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:private-interface] @TvmModel interface"
                + " test.Outer.Inner.Deep is nested in test.Outer.Inner, which is private")
                .inFile(source).onLine(4);
    }

    @Test
    void genericInterface() {
        JavaFileObject source = JavaFileObjects.forSourceLines("test.G",
                "package test;",
                "@dev.tvmbind.TvmModel",
                "interface G<T> {}");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:generic-interface]")
                .inFile(source).onLine(2);
    }

    @Test
    void sealedInterface() {
        JavaFileObject source = JavaFileObjects.forSourceLines("test.S",
                "package test;",
                "@dev.tvmbind.TvmModel",
                "sealed interface S permits S.Only {",
                "  final class Only implements S {}",
                "}");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:sealed-interface]")
                .inFile(source).onLine(2);
    }

    @Test
    void abstractMethodWithoutEntryPoint() {
        JavaFileObject source = model("M", "@TvmModel",
                "@EntryPoint int ok();",
                "int forgotten(int x);");
        assertThat(oneError(compile(source))).hadErrorContaining(
                "[tvmbind:missing-entry-point] abstract method M.forgotten(int)")
                .inFile(source).onLine(BODY_LINE + 1);
    }

    @Test
    void inheritedAbstractMethodWithoutEntryPoint() {
        JavaFileObject base = JavaFileObjects.forSourceLines("test.Base",
                "package test;",
                "interface Base {",
                "  int inherited();",
                "}");
        JavaFileObject source = JavaFileObjects.forSourceLines("test.M",
                "package test;",
                "@dev.tvmbind.TvmModel",
                "interface M extends Base {",
                "  @dev.tvmbind.EntryPoint int ok();",
                "}");
        assertThat(oneError(compile(base, source))).hadErrorContaining(
                "[tvmbind:missing-entry-point] abstract method Base.inherited()")
                .inFile(base).onLine(3);
    }

    @Test
    void entryPointsInheritedFromAnUnannotatedInterface() {
        JavaFileObject base = JavaFileObjects.forSourceLines("test.Versioned",
                "package test;",
                "interface Versioned {",
                "  /** The library's version. */",
                "  @dev.tvmbind.EntryPoint int version();",
                "}");
        JavaFileObject source = JavaFileObjects.forSourceLines("test.M",
                "package test;",
                "@dev.tvmbind.TvmModel",
                "interface M extends Versioned {",
                "  @dev.tvmbind.EntryPoint int ready();",
                "}");
        Compilation c = compile(base, source);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedFile(javax.tools.StandardLocation.SOURCE_OUTPUT, "", "tvmgen_m.h")
                .contentsAsUtf8String().contains("int32_t tvmgen_m_version(void);\n");
    }

    @Test
    void defaultAndObjectMethodsNeedNoEntryPoint() {
        JavaFileObject source = model("M", "@TvmModel",
                "@EntryPoint int ok();",
                "default int twice() { return 2 * ok(); }",
                "String toString();",
                "static int helper() { return 1; }");
        assertThat(compile(source)).succeededWithoutWarnings();
    }

    @Test
    void entryPointOnADefaultMethod() {
        JavaFileObject source = model("M", "@TvmModel",
                "@EntryPoint int ok();",
                "@EntryPoint default int notNative() { return 1; }");
        assertThat(oneError(compile(source))).hadErrorContaining(
                "[tvmbind:entry-point-not-abstract] @EntryPoint method M.notNative() is a default"
                        + " method").inFile(source).onLine(BODY_LINE + 1);
    }

    @Test
    void entryPointOutsideAModel() {
        JavaFileObject source = JavaFileObjects.forSourceLines("test.Plain",
                "package test;",
                "interface Plain {",
                "  @dev.tvmbind.EntryPoint int run();",
                "}");
        assertThat(oneError(compile(source))).hadErrorContaining(
                "[tvmbind:entry-point-outside-model] @EntryPoint method Plain.run()")
                .inFile(source).onLine(3);
    }

    @Test
    void tensorAnnotationOutsideAnEntryPoint() {
        JavaFileObject source = JavaFileObjects.forSourceLines("test.Plain",
                "package test;",
                "interface Plain {",
                "  void run(",
                "    @dev.tvmbind.Input java.lang.foreign.MemorySegment in);",
                "}");
        assertThat(oneError(compile(source))).hadErrorContaining(
                "[tvmbind:tensor-outside-entry-point] @Input parameter in")
                .inFile(source).onLine(4);
    }

    @Test
    void aGenericMethodIsOneDiagnosticNotOneMorePerTypeVariable() {
        JavaFileObject source = model("M", "@TvmModel", "@EntryPoint <T> int run(T x, T[] y);");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:generic-method]"
                + " @EntryPoint method M.run(T, T[]) has type parameters").inFile(source).onLine(BODY_LINE);
    }

    @Test
    void anEntryPointInAClassSaysToMoveItToAModelInterface() {
        JavaFileObject source = JavaFileObjects.forSourceLines("test.Plain",
                "package test;",
                "abstract class Plain {",
                "  @dev.tvmbind.EntryPoint abstract int run();",
                "}");
        assertThat(oneError(compile(source))).hadErrorContaining(
                "[tvmbind:entry-point-outside-model] @EntryPoint method Plain.run() is in class Plain;"
                        + " entry points are abstract methods of an interface annotated with"
                        + " @TvmModel, so move it to one").inFile(source).onLine(3);
    }

    @Test
    void genericMethod() {
        JavaFileObject source = model("M", "@TvmModel", "@EntryPoint <T> int run(int x);");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:generic-method]")
                .inFile(source).onLine(BODY_LINE);
    }

    @Test
    void unsupportedParameterType() {
        JavaFileObject source = model("M", "@TvmModel",
                "@EntryPoint int run(int ok,",
                "                    Object what);");
        assertThat(oneError(compile(source))).hadErrorContaining(
                "[tvmbind:unsupported-type] parameter what of M.run(int, Object) has type"
                        + " Object, which has no C counterpart; supported: byte short int")
                .inFile(source).onLine(BODY_LINE + 1);
    }

    @Test
    void varargs() {
        JavaFileObject source = model("M", "@TvmModel", "@EntryPoint int sum(int... values);");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:varargs] parameter values of"
                + " M.sum(int...) is varargs (int...); each Java parameter is one C parameter and C's"
                + " variadic functions have none to map it to, so declare int[] and pass an array")
                .inFile(source).onLine(BODY_LINE);
    }

    @Test
    void stringReturn() {
        JavaFileObject source = model("M", "@TvmModel", "@EntryPoint String name();");
        assertThat(oneError(compile(source))).hadErrorContaining(
                "[tvmbind:unsupported-type] M.name() returns String, which has no C"
                        + " counterpart; supported: void byte short")
                .inFile(source).onLine(BODY_LINE);
    }

    @Test
    void booleanArrayIsNotSupported() {
        JavaFileObject source = model("M", "@TvmModel", "@EntryPoint void flags(boolean[] f);");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:unsupported-type] parameter f of"
                + " M.flags(boolean[]) has type boolean[]")
                .inFile(source).onLine(BODY_LINE);
    }

    @Test
    void tensorOfAScalarType() {
        JavaFileObject source = model("M", "@TvmModel",
                "@EntryPoint int run(@Input int in,",
                "                    @Output MemorySegment out);");
        assertThat(oneError(compile(source))).hadErrorContaining(
                "[tvmbind:tensor-type] tensor parameter in of M.run(int, MemorySegment) has type int").inFile(source).onLine(BODY_LINE);
    }

    @Test
    void tensorEntryPointReturningLong() {
        JavaFileObject source = model("M", "@TvmModel",
                "@EntryPoint long run(@Input MemorySegment in, @Output MemorySegment out);");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:tensor-return]")
                .inFile(source).onLine(BODY_LINE);
    }

    @Test
    void tensorEntryPointWithAPlainParameter() {
        JavaFileObject source = model("M", "@TvmModel",
                "@EntryPoint int run(@Input MemorySegment in,",
                "                    @Output MemorySegment out,",
                "                    int flags);");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:mixed-parameters] parameter flags")
                .inFile(source).onLine(BODY_LINE + 2);
    }

    @Test
    void parameterWithTwoRoles() {
        JavaFileObject source = model("M", "@TvmModel",
                "@EntryPoint int run(@Input MemorySegment in,",
                "                    @Input @Output MemorySegment both);");
        assertThat(oneError(compile(source))).hadErrorContaining(
                "[tvmbind:two-roles] parameter both has both @Input and @Output")
                .inFile(source).onLine(BODY_LINE + 1);
    }

    @Test
    void tensorEntryPointWithoutOutput() {
        JavaFileObject source = model("M", "@TvmModel",
                "@EntryPoint int run(@Input MemorySegment in);");
        assertThat(oneError(compile(source))).hadErrorContaining(
                "[tvmbind:missing-input-output] tensor entry point M.run(MemorySegment) has no @Output").inFile(source).onLine(BODY_LINE);
    }

    @Test
    void secondTensorEntryPoint() {
        JavaFileObject source = model("M", "@TvmModel",
                "@EntryPoint int run(@Input MemorySegment in, @Output MemorySegment out);",
                "@EntryPoint(\"run2\") int again(@Input MemorySegment in, @Output MemorySegment out);");
        assertThat(oneError(compile(source))).hadErrorContaining(
                "[tvmbind:second-tensor-entry-point] again(MemorySegment, MemorySegment) is a second"
                        + " tensor entry point of model test.M, after run(MemorySegment, MemorySegment)").inFile(source).onLine(BODY_LINE + 1);
    }

    @Test
    void negativeSizes() {
        JavaFileObject source = model("M", "@TvmModel(workspaceSize = -1)",
                "@EntryPoint int run(@Input(size = -4) MemorySegment in, @Output MemorySegment out);");
        Compilation c = compile(source);
        assertThat(c).hadErrorContaining("[tvmbind:negative-size] workspaceSize of M is -1")
                .inFile(source).onLine(ANNOTATION_LINE);
        assertThat(c).hadErrorContaining("[tvmbind:negative-size] size of in")
                .inFile(source).onLine(BODY_LINE);
    }

    @Test
    void everyErrorOfAModelIsReportedAndNothingIsGenerated() {
        JavaFileObject source = model("M", "@TvmModel(prefix = \"_p\", name = \"Bad\")",
                "@EntryPoint(\"x__y\") int a();",
                "@EntryPoint int b(Object o);");
        Compilation c = compile(source);
        assertThat(c).hadErrorCount(4);
        assertThat(c).hadErrorContaining("[tvmbind:reserved-identifier] prefix '_p'");
        assertThat(c).hadErrorContaining("[tvmbind:upper-case] model name 'Bad'");
        assertThat(c).hadErrorContaining("[tvmbind:double-underscore] function name of a() 'x__y'");
        assertThat(c).hadErrorContaining("[tvmbind:unsupported-type] parameter o");
    }
}
