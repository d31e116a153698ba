package dev.tvmbind.processor.generate.java;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.tvmbind.processor.Sources;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bindings compile, without a warning, where a simple name they use means something else in the
 * binding: a type of the package named like a {@code java.lang} class, member types and constants
 * the binding inherits, parameters named like the classes the binding calls.
 */
class BindingScopeTest {
    private static final List<String> LINT = List.of("-Xlint:all,-processing", "-Werror");

    @Test
    void aPackageTypeNamedLikeJavaLangIsNotTakenForIt() {
        JavaFileObject string = JavaFileObjects.forSourceLines("scope.String",
                "package scope;",
                "public interface String {}");
        JavaFileObject model = JavaFileObjects.forSourceLines("scope.Plain",
                "package scope;",
                "import dev.tvmbind.*;",
                "@TvmModel interface Plain {",
                "    @EntryPoint int add(int a, int b);",
                "    @EntryPoint void fill(float[] values);",
                "}");
        Compilation compilation = Sources.compile(LINT, string, model);
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("scope.PlainBinding")
                .contentsAsUtf8String().contains("public static final java.lang.String HEADER");
    }

    @Test
    void inheritedMembersDoNotHideTheClassesTheBindingUses() {
        JavaFileObject base = JavaFileObjects.forSourceLines("scope.Base",
                "package scope;",
                "public interface Base {",
                "    class Override {} interface Throwable {} class Outer {}",
                "    int ValueLayout = 0; String BindingSupport = \"b\";",
                "}");
        JavaFileObject model = JavaFileObjects.forSourceLines("scope.Outer",
                "package scope;",
                "import dev.tvmbind.*;",
                "public class Outer {",
                "    @TvmModel(name = \"hidden\")",
                "    public interface Hidden extends Base {",
                "        interface Arena {}",
                "        enum Objects { A }",
                "        long MemorySegment = 1L;",
                "        @EntryPoint int add(int a, int b);",
                "        @EntryPoint void fill(float[] values, String name);",
                "    }",
                "}");
        assertThat(Sources.compile(LINT, base, model)).succeededWithoutWarnings();
    }

    @Test
    void parametersNamedLikeWhatTheBindingUsesAreRenamedInIt() {
        JavaFileObject model = Sources.model("Named", "@TvmModel",
                "@EntryPoint int add(int Objects, int ValueLayout);",
                "@EntryPoint void fill(float[] MemorySegment, String BindingSupport, long java);",
                "@EntryPoint void run(@Input(value = \"in\", size = 4) float[] Scratch,",
                "        @Output(value = \"out\", size = 4) java.lang.foreign.MemorySegment SYMBOL_RUN,",
                "        @Device(\"npu\") java.lang.foreign.MemorySegment NamedBinding);");
        Compilation compilation = Sources.compile(LINT, model);
        assertThat(compilation).succeededWithoutWarnings();
        // Renamed where the binding's code would mean the class; messages name the interface's parameter.
        assertThat(compilation).generatedSourceFile("test.NamedBinding").contentsAsUtf8String()
                .contains("Objects.requireNonNull(MemorySegment_, \"MemorySegment\");");
        assertThat(compilation).generatedSourceFile("test.NamedBinding").contentsAsUtf8String()
                .contains("SYMBOL_RUN_.check(SYMBOL_RUN__);");
        assertThat(compilation).generatedSourceFile("test.NamedBinding").contentsAsUtf8String()
                .contains("\"SYMBOL_RUN\", \"MemorySegment\").bytes(4L)");
    }

    /**
     * Entry points of every kind, so that the binding names every class it can use; classes in
     * full, since the members under test hide their simple names in the interface too.
     */
    private static final List<String> EVERY_KIND = List.of(
            "@EntryPoint int add(int a, int b);",
            "@EntryPoint void fill(float[] values, java.lang.String name,",
            "        java.lang.foreign.MemorySegment at);",
            "@EntryPoint(critical = true) void sum(float[] values);",
            "@EntryPoint void run(@Input(value = \"in\", size = 4) float[] in,",
            "        @Output(value = \"out\", size = 4) java.lang.foreign.MemorySegment out);");

    /** As {@link #EVERY_KIND}, for interfaces whose members hide the package {@code java}. */
    private static final List<String> PRIMITIVES_ONLY = List.of(
            "@EntryPoint int add(int a, int b);",
            "@EntryPoint void fill(float[] values);",
            "@EntryPoint(critical = true) void sum(float[] values);",
            "@EntryPoint void run(@Input(value = \"in\", size = 4) float[] in,",
            "        @Output(value = \"out\", size = 4) float[] out);");

    private static JavaFileObject modelWith(String... members) {
        boolean java = List.of(members).stream().anyMatch(m -> m.contains(" java "));
        List<String> body = new java.util.ArrayList<>(List.of(members));
        body.addAll(java ? PRIMITIVES_ONLY : EVERY_KIND);
        return Sources.model("Scoped", "@TvmModel", body.toArray(String[]::new));
    }

    @Test
    void constantsNamedLikePackagesLeaveTheImportedNamesAlone() {
        // Before: "int cannot be dereferenced" where the binding wrote java.util.Objects in full.
        JavaFileObject model = modelWith("int java = 22;", "String dev = \"d\";", "long com = 1L;",
                "int javax = 3;");
        assertThat(Sources.compile(LINT, model)).succeededWithoutWarnings();
    }

    @Test
    void memberTypesNamedLikePackagesLeaveTheImportedNamesAlone() {
        JavaFileObject model = modelWith("class java {}", "interface dev {}", "enum com { A }",
                "class javax {}");
        assertThat(Sources.compile(LINT, model)).succeededWithoutWarnings();
    }

    @Test
    void constantsNamedLikeClassesMakeTheBindingWriteThemInFull() {
        JavaFileObject model = modelWith("int String = 1;", "int MemorySegment = 2;",
                "int ValueLayout = 3;", "int Objects = 4;", "int Scratch = 5;", "int List = 6;",
                "int BindingSupport = 7;", "int MethodHandles = 8;", "int FunctionDescriptor = 9;");
        Compilation compilation = Sources.compile(LINT, model);
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("test.ScopedBinding").contentsAsUtf8String()
                .contains("java.util.Objects.requireNonNull(values, \"values\");");
    }

    @Test
    void memberTypesNamedLikeClassesMakeTheBindingWriteThemInFull() {
        JavaFileObject model = modelWith("class String {}", "interface MemorySegment {}",
                "class ValueLayout {}", "enum Objects { A }", "class Scratch {}", "class Generated {}",
                "class Override {}", "class Throwable {}", "class TensorArgument {}");
        Compilation compilation = Sources.compile(LINT, model);
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("test.ScopedBinding").contentsAsUtf8String()
                .contains("@javax.annotation.processing.Generated(");
    }

    @Test
    void constantsThatHideBothSpellingsOfAClassAreReachedThroughACast() {
        // Fields never hide a type: a cast names the class where an expression needs it.
        JavaFileObject model = modelWith("int ValueLayout = 3;", "int Objects = 4;", "int java = 22;",
                "int Linker = 5;", "int FunctionDescriptor = 6;", "int MemorySegment = 7;");
        Compilation compilation = Sources.compile(LINT, model);
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("test.ScopedBinding").contentsAsUtf8String()
                .contains("((java.util.Objects) null).requireNonNull(values, \"values\");");
    }

    @Test
    void aMemberTypeThatHidesThePackageOfAHiddenTypeIsAnError() {
        JavaFileObject model = modelWith("class String {}", "class java {}");
        Compilation compilation = Sources.compile(model);
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("[tvmbind:hidden-name] member type 'java',"
                + " which the binding of")
                .inFile(model).onLine(Sources.BODY_LINE + 1);
    }

    @Test
    void aConstantNamedLikeAPackageDoesNotHideItWhereOnlyATypeIsExpected() {
        // String is named only as a type: a constant 'java' cannot hide java.lang.String there.
        JavaFileObject model = modelWith("class String {}", "int java = 22;");
        assertThat(Sources.compile(LINT, model)).succeededWithoutWarnings();
    }

    @Test
    void theRuntimesPackageHiddenWithItsClassesIsReachedThroughACast() {
        JavaFileObject model = modelWith("int Linking = 7;", "int dev = 1;", "int Arguments = 2;",
                "int Linkage = 3;", "int Foreign = 4;", "int TensorArgument = 5;");
        Compilation compilation = Sources.compile(LINT, model);
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("test.ScopedBinding").contentsAsUtf8String()
                .contains("throw ((dev.tvmbind.runtime.internal.Arguments) null).rethrow(");
    }

    @Test
    void aMemberTypeNamedLikeTheClassOfANestedOneMakesTheBindingWriteItInFull() {
        // Linker.Option: JavaPoet imports by the nested class's own name (found by fuzzing).
        JavaFileObject model = Sources.model("Scoped", "@TvmModel", "class Linker {}");
        Compilation compilation = Sources.compile(LINT, model);
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("test.ScopedBinding").contentsAsUtf8String()
                .contains("java.lang.foreign.Linker.Option... options");
    }

    @Test
    void aMemberTypeThatHidesTheRuntimesPackageIsAnError() {
        JavaFileObject model = modelWith("class Linking {}", "interface dev {}");
        Compilation compilation = Sources.compile(model);
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("[tvmbind:hidden-name] member type 'dev'")
                .inFile(model).onLine(Sources.BODY_LINE + 1);
    }

    @Test
    void memberTypesNamedLikeTheProviderServiceMakeTheBindingWriteItInFull() {
        JavaFileObject model = modelWith("class ModelProvider {}", "class ModelInfo {}",
                "int Provider = 1;", "class Provider {}");
        Compilation compilation = Sources.compile(LINT, model);
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("test.ScopedBinding").contentsAsUtf8String()
                .contains("public static final class Provider extends dev.tvmbind.runtime.ModelProvider {");
    }

    @Test
    void anInterfaceNamedProviderIsWrittenInFullBesideTheBindingsOwnProvider() {
        JavaFileObject model = JavaFileObjects.forSourceLines("scope.Provider",
                "package scope;",
                "import dev.tvmbind.*;",
                "@TvmModel(name = \"provider\") public interface Provider {",
                "    @EntryPoint void run(@Input(value = \"in\", size = 4) float[] in,",
                "                         @Output(value = \"out\", size = 4) float[] out);",
                "}");
        Compilation compilation = Sources.compile(LINT, model);
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("scope.ProviderBinding").contentsAsUtf8String()
                .contains("public static scope.Provider load(SymbolLookup lookup) {");
    }

    /**
     * The binding's nested classes (its ModelProvider, and Copies over private copies of a
     * library) hide an interface of their name in the default package; in a package it compiles.
     */
    @ParameterizedTest
    @ValueSource(strings = {"Provider", "Copies"})
    void anInterfaceNamedLikeANestedClassOfItsBindingIsAnErrorInTheDefaultPackageOnly(String name) {
        JavaFileObject model = JavaFileObjects.forSourceLines(name,
                "import dev.tvmbind.*;",
                "@TvmModel(name = \"nested\") public interface " + name + " {",
                "    @EntryPoint int version();",
                "}");
        Compilation compilation = Sources.compile(model);
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("[tvmbind:hidden-name] interface " + name
                + " is in the default package and named like its binding's nested class " + name)
                .inFile(model).onLine(2);
        JavaFileObject packaged = JavaFileObjects.forSourceLines("scope." + name,
                "package scope;",
                "import dev.tvmbind.*;",
                "@TvmModel(name = \"nested\") public interface " + name + " {",
                "    @EntryPoint int version();",
                "}");
        assertThat(Sources.compile(LINT, packaged)).succeededWithoutWarnings();
    }
}
