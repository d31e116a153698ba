package dev.tvmbind.processor.generate.java;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.tvmbind.processor.Sources;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

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
                .contains("BindingSupport.checkTensor(\"output\", \"out\", \"SYMBOL_RUN\", SYMBOL_RUN_, 4L, true);");
    }
}
