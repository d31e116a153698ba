package dev.tvmbind.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tvmbind.processor.Sources.BODY_LINE;
import static dev.tvmbind.processor.Sources.compile;
import static dev.tvmbind.processor.Sources.model;
import static dev.tvmbind.processor.Sources.oneError;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/** SPEC §13's compile-time rules for a {@code @TvmFfi} interface: one test per key, on its line. */
class FfiDiagnosticsTest {
    @Test
    void aValidInterfaceGetsItsBindingAndNoDiagnostic() {
        JavaFileObject source = model("Kernels", "@TvmFfi",
                "long add(long a, long b);",
                "@EntryPoint(\"AddOne\") double addOne(double x);",
                "String echo(String s);",
                "MemorySegment offset(MemorySegment p, int by);",
                "void count();",
                "@Global(\"ffi.String\") String string(String s);",
                "@Global(\"testing.add_one\") long registered(long x);",
                "void addOneTensor(dev.tvmbind.runtime.ffi.Tensor x, dev.tvmbind.runtime.ffi.Tensor y);",
                "dev.tvmbind.runtime.ffi.Tensor same(@TvmFfi.Owned dev.tvmbind.runtime.ffi.Tensor x);",
                "java.util.List<java.util.Optional<String>> maybe(java.util.Optional<java.util.List<Long>> xs);",
                "default long twice(long a) { return add(a, a); }");
        Compilation c = compile(java.util.List.of("-Xlint:all,-processing", "-Werror"), source);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.KernelsBinding").contentsAsUtf8String()
                .contains("SYMBOL_ADDONE = \"__tvm_ffi_AddOne\"");
        assertThat(c).generatedSourceFile("test.KernelsBinding").contentsAsUtf8String()
                .contains("GLOBAL_FFI_STRING = \"global:ffi.String\"");
        // The C++ side: each exported function's prototype, and one macro exporting them all.
        assertThat(c).generatedFile(StandardLocation.SOURCE_OUTPUT, "kernels_ffi.h")
                .contentsAsUtf8String().contains("namespace test {\n\n// add in Kernels\n"
                        + "int64_t add(int64_t /* a */, int64_t /* b */);\n");
        assertThat(c).generatedFile(StandardLocation.SOURCE_OUTPUT, "kernels_ffi.h")
                .contentsAsUtf8String().contains("tvm::ffi::Array<tvm::ffi::Optional<tvm::ffi::String>>"
                        + " maybe(tvm::ffi::Optional<tvm::ffi::Array<int64_t>> /* xs */);\n");
        assertThat(c).generatedFile(StandardLocation.SOURCE_OUTPUT, "kernels_ffi.h")
                .contentsAsUtf8String().contains("tvm::ffi::Tensor same(tvm::ffi::Tensor /* x */);\n");
        assertThat(c).generatedFile(StandardLocation.SOURCE_OUTPUT, "kernels_ffi.h")
                .contentsAsUtf8String().contains("\n}  // namespace test\n\n"
                        + "#define TVMBIND_EXPORT_KERNELS() \\\n"
                        + "  _Pragma(\"GCC diagnostic push\") \\\n"
                        + "  _Pragma(\"GCC diagnostic ignored \\\"-Wunused-parameter\\\"\") \\\n"
                        + "  TVM_FFI_DLL_EXPORT_TYPED_FUNC(add, ::test::add) \\\n"
                        + "  TVM_FFI_DLL_EXPORT_TYPED_FUNC(AddOne, ::test::AddOne) \\\n");
    }

    @Test
    void twoInterfacesOnOneHeaderName() {
        JavaFileObject first = JavaFileObjects.forSourceLines("a.Kernels", "package a;",
                "@dev.tvmbind.TvmFfi", "public interface Kernels { long add(long a); }");
        JavaFileObject second = JavaFileObjects.forSourceLines("b.Kernels", "package b;",
                "@dev.tvmbind.TvmFfi", "public interface Kernels { long sub(long a); }");
        assertThat(oneError(compile(first, second))).hadErrorContaining("[tvmbind:duplicate-header]"
                + " b.Kernels would write the C++ header kernels_ffi.h of a.Kernels too; rename one"
                + " of the interfaces").inFile(second).onLine(3);
    }

    @Test
    void onAClass() {
        JavaFileObject source = JavaFileObjects.forSourceLines("test.K", "package test;",
                "@dev.tvmbind.TvmFfi", "class K {}");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:ffi-not-an-interface]"
                + " @TvmFfi is on class test.K; it belongs on an interface").inFile(source).onLine(3);
    }

    @Test
    void anUnsupportedParameterOrResult() {
        JavaFileObject source = model("K", "@TvmFfi",
                "long add(Thread a);",
                "int[] many();",
                "java.util.List<StringBuilder> objects();");
        Compilation c = compile(source);
        assertThat(c).hadErrorCount(3);
        assertThat(c).hadErrorContaining("[tvmbind:ffi-unsupported-type] the result of objects has"
                + " type java.util.List<java.lang.StringBuilder>").inFile(source)
                .onLine(BODY_LINE + 2);
        assertThat(c).hadErrorContaining("[tvmbind:ffi-unsupported-type] parameter a of add has"
                + " type java.lang.Thread, which TVM's FFI binding does not map; supported: long"
                + " int short byte double float boolean String MemorySegment Tensor BigInteger"
                + " byte[] DLDevice DLDataType long[] Object FfiModule FfiObject, Optional<T>"
                + " List<T> Map<K, V> of those (boxed) or of each other, a @TvmFfi.Callback"
                + " interface (a callback's own types not one), Optional of one as a result, and"
                + " void as a result")
                .inFile(source).onLine(BODY_LINE);
        assertThat(c).hadErrorContaining("[tvmbind:ffi-unsupported-type] the result of many has"
                + " type int[]").inFile(source).onLine(BODY_LINE + 1);
    }

    @Test
    void aShapeOnWhatIsNoTensorOrWithBadDimensions() {
        JavaFileObject source = model("K", "@TvmFfi",
                "long add(@dev.tvmbind.Shape(\"n\") long a);",
                "void fill(@dev.tvmbind.Shape({\"0\", \"n-1\"}) dev.tvmbind.runtime.ffi.Tensor x);",
                "@dev.tvmbind.Shape(value = \"n\", dtype = {dev.tvmbind.DType.FLOAT32,"
                        + " dev.tvmbind.DType.INT8}) dev.tvmbind.runtime.ffi.Tensor made();");
        Compilation c = compile(source);
        assertThat(c).hadErrorCount(4);
        assertThat(c).hadErrorContaining("[tvmbind:ffi-shape] parameter a of add has a @Shape"
                + " tvmbind cannot check: it is a long, and @Shape describes a Tensor").inFile(source).onLine(BODY_LINE);
        assertThat(c).hadErrorContaining("[tvmbind:ffi-shape] parameter x of fill has a @Shape"
                + " tvmbind cannot check: dimension '0' is neither a positive number nor a name (\"784\", \"n\")")
                .inFile(source).onLine(BODY_LINE + 1);
        assertThat(c).hadErrorContaining("dimension 'n-1' is neither").inFile(source)
                .onLine(BODY_LINE + 1);
        assertThat(c).hadErrorContaining("[tvmbind:ffi-shape] the result of made has a @Shape"
                + " tvmbind cannot check: it gives 2 dtypes; give one, or none for any").inFile(source)
                .onLine(BODY_LINE + 2);
    }

    @Test
    void aShapeOutsideAnFfiInterface() {
        JavaFileObject source = JavaFileObjects.forSourceLines("test.Plain", "package test;",
                "interface Plain {",
                "    void f(@dev.tvmbind.Shape(\"n\") Object x);",
                "}");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:ffi-shape] @Shape on x"
                + " has no effect: it describes a Tensor parameter or result of a method of a"
                + " @TvmFfi or @TvmRelax interface").inFile(source).onLine(3);
    }

    @Test
    void aCallbackThatReturnsOrTakesACallback() {
        JavaFileObject source = model("K", "@TvmFfi",
                "@TvmFfi.Callback interface Maker { java.util.Optional<Maker> make(long x); }",
                "long use(Maker m);",
                "Maker made();");
        Compilation c = compile(source);
        assertThat(c).hadErrorCount(2);
        assertThat(c).hadErrorContaining("[tvmbind:ffi-unsupported-type] parameter m of use has"
                + " type test.K.Maker").inFile(source).onLine(BODY_LINE + 1);
        assertThat(c).hadErrorContaining("[tvmbind:ffi-unsupported-type] the result of made has"
                + " type test.K.Maker").inFile(source).onLine(BODY_LINE + 2);
    }

    @Test
    void aNameInTvmFfisNamespaceOrNotAnIdentifier() {
        JavaFileObject source = model("K", "@TvmFfi",
                "@EntryPoint(\"_metadata_add\") long add(long a);",
                "@EntryPoint(\"add-one\") long addOne(long a);",
                "@EntryPoint(\"add__two\") long addTwo(long a);");
        Compilation c = compile(source);
        assertThat(c).hadErrorCount(3);
        assertThat(c).hadErrorContaining("[tvmbind:ffi-name] add exports the name '_metadata_add',"
                + " which begins with '_'; TVM's FFI exports __tvm_ffi_<name> with a C identifier"
                + " that does not begin with '_' (tvm-ffi's own namespace is __tvm_ffi__) and holds"
                + " no '__': rename it with @EntryPoint(\"…\")").inFile(source).onLine(BODY_LINE);
        assertThat(c).hadErrorContaining("[tvmbind:ffi-name] addOne exports the name 'add-one',"
                + " which is not a C identifier").inFile(source).onLine(BODY_LINE + 1);
        assertThat(c).hadErrorContaining("[tvmbind:ffi-name] addTwo exports the name 'add__two',"
                + " which holds '__'").inFile(source).onLine(BODY_LINE + 2);
    }

    @Test
    void twoMethodsOnOneSymbol() {
        JavaFileObject source = model("K", "@TvmFfi",
                "long addOne(long a);",
                "@EntryPoint(\"add_one\") long plusOne(long a);");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:ffi-duplicate-symbol]"
                + " plusOne and addOne both call __tvm_ffi_add_one; give one another name with"
                + " @EntryPoint(\"…\")").inFile(source).onLine(BODY_LINE + 1);
    }

    @Test
    void ownedOnWhatIsNotATensor() {
        JavaFileObject source = model("K", "@TvmFfi",
                "long add(long a,",
                "         @TvmFfi.Owned long b);");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:ffi-owned] parameter b"
                + " of add is @TvmFfi.Owned but has type long; only a Tensor is owned (a"
                + " tvm::ffi::Tensor parameter): remove @TvmFfi.Owned").inFile(source)
                .onLine(BODY_LINE + 1);
    }

    @Test
    void aCriticalCall() {
        JavaFileObject source = model("K", "@TvmFfi",
                "@EntryPoint(critical = true) long add(long a);");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:ffi-critical] add is"
                + " @EntryPoint(critical = true); functions of TVM's FFI may call back into Java,"
                + " which a critical call forbids, so remove it").inFile(source).onLine(BODY_LINE);
    }
}
