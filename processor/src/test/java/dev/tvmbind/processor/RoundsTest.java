package dev.tvmbind.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/**
 * tvmbind beside another processor: models it generates reach tvmbind in a later round, and
 * files it writes first leave tvmbind unable to write its own.
 */
class RoundsTest {
    /** Writes one file in the first round: a source, or a resource at the root of the sources. */
    static final class FileWriter extends AbstractProcessor {
        private final String name;
        private final String text;
        private boolean written;

        FileWriter(String name, String text) {
            this.name = name;
            this.text = text;
        }

        @Override
        public Set<String> getSupportedAnnotationTypes() {
            return Set.of("*");
        }

        @Override
        public SourceVersion getSupportedSourceVersion() {
            return SourceVersion.latestSupported();
        }

        @Override
        public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
            if (!written) {
                written = true;
                try (Writer out = (name.endsWith(".h")
                        ? processingEnv.getFiler().createResource(StandardLocation.SOURCE_OUTPUT, "", name)
                        : processingEnv.getFiler().createSourceFile(name)).openWriter()) {
                    out.write(text);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return false;
        }
    }

    @Test
    void aModelOfALaterRoundThatClashesWithAnEarlierOneIsAnErrorOnBoth() {
        JavaFileObject early = Sources.model("Early", "@TvmModel(name = \"cat\")",
                "@EntryPoint int run();");
        Compilation c = Compiler.javac()
                .withProcessors(new TvmBindProcessor(), new FileWriter("test.Late",
                        "package test;\nimport dev.tvmbind.*;\n@TvmModel(name = \"cat\")\n"
                                + "interface Late {\n    @EntryPoint int run();\n}\n"))
                .compile(early);
        // On the interface: javac finds no annotation of an earlier round to point at.
        assertThat(c).hadErrorContaining("[tvmbind:duplicate-model] models test.Early and test.Late"
                + " are both 'tvmgen_cat'").inFile(early).onLine(Sources.ANNOTATION_LINE + 1);
        assertThat(c).hadErrorCount(2); // the second on test.Late, which compile-testing cannot name
    }

    @Test
    void aHeaderAnotherProcessorWroteIsAWriteFailureAndNoBindingIsWritten() {
        JavaFileObject model = Sources.model("Cat", "@TvmModel(name = \"cat\")", "@EntryPoint int run();");
        Compilation c = Compiler.javac()
                .withProcessors(new FileWriter("tvmgen_cat.h", "/* not ours */\n"), new TvmBindProcessor())
                .compile(model);
        assertThat(c).hadErrorContaining("[tvmbind:write-failed] cannot write tvmgen_cat.h")
                .inFile(model).onLine(Sources.ANNOTATION_LINE + 1);
        assertThat(c).hadErrorCount(1); // and none from javac: no binding without its header
    }

    @Test
    void aBindingThatCannotBeWrittenTakesItsHeaderBack() {
        JavaFileObject model = Sources.model("Cat", "@TvmModel(name = \"cat\")", "@EntryPoint int run();");
        Compilation c = Compiler.javac()
                .withProcessors(new FileWriter("test.CatBinding", "package test;\nclass CatBinding {}\n"),
                        new TvmBindProcessor())
                .compile(model);
        assertThat(c).hadErrorContaining("[tvmbind:write-failed] cannot write test.CatBinding")
                .inFile(model).onLine(Sources.ANNOTATION_LINE + 1);
        assertThat(c).hadErrorCount(1);
    }

    /**
     * A {@code @TvmFfi.Callback} interface another processor generates reaches tvmbind a round
     * later: the {@code @TvmFfi} interface that names it waits for that round, as Dagger defers.
     */
    @Test
    void anFfiInterfaceNamingACallbackOfALaterRoundWaitsForIt() {
        JavaFileObject kernels = JavaFileObjects.forSourceString("test.Kernels", "package test;\n"
                + "import dev.tvmbind.TvmFfi;\n@TvmFfi\npublic interface Kernels {\n"
                + "    long apply(Later callback, long x);\n}\n");
        Compilation c = Compiler.javac()
                .withProcessors(new TvmBindProcessor(), new FileWriter("test.Later",
                        "package test;\nimport dev.tvmbind.TvmFfi;\n@TvmFfi.Callback\n"
                                + "public interface Later {\n    long call(long x);\n}\n"))
                .compile(kernels);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.KernelsBinding");
    }

    /**
     * A model whose entry point an interface of a later round declares (another processor
     * generates it) waits for that round too, instead of being refused as having none.
     */
    @Test
    void aModelExtendingAnInterfaceOfALaterRoundWaitsForIt() {
        JavaFileObject cat = JavaFileObjects.forSourceString("test.Cat", "package test;\n"
                + "import dev.tvmbind.TvmModel;\n"
                + "@TvmModel(name = \"cat\", prefix = \"acme\")\n"
                + "public interface Cat extends LaterRun {}\n");
        Compilation c = Compiler.javac()
                .withProcessors(new TvmBindProcessor(), new FileWriter("test.LaterRun",
                        "package test;\nimport dev.tvmbind.EntryPoint;\nimport dev.tvmbind.Input;\n"
                                + "import dev.tvmbind.Output;\npublic interface LaterRun {\n"
                                + "    @EntryPoint\n    void run(@Input(size = 4) float[] in,"
                                + " @Output(size = 2) float[] out);\n}\n"))
                .compile(cat);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.CatBinding");
    }
}
