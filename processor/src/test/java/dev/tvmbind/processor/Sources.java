package dev.tvmbind.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.CompilationSubject;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;

/** Test sources and in-memory compilations with the processor. */
public final class Sources {
    private Sources() {}

    /** Line of the {@code @TvmModel} annotation in a source made by {@link #model}. */
    public static final int ANNOTATION_LINE = 4;
    /** Line of the first body line in a source made by {@link #model}. */
    public static final int BODY_LINE = 6;

    /**
     * {@code test.<name>}: imports on lines 1-3, the annotation on line 4, {@code interface
     * <name> {} on line 5, the body from line 6.
     */
    public static JavaFileObject model(String name, String annotation, String... body) {
        List<String> lines = new ArrayList<>(List.of(
                "package test;",
                "import dev.tvmbind.*;",
                "import java.lang.foreign.MemorySegment;",
                annotation,
                "interface " + name + " {"));
        lines.addAll(List.of(body));
        lines.add("}");
        return JavaFileObjects.forSourceLines("test." + name, lines);
    }

    /** {@code c}, once it is known to have exactly one error: one cause, one diagnostic. */
    public static Compilation oneError(Compilation c) {
        CompilationSubject.assertThat(c).hadErrorCount(1);
        return c;
    }

    /** {@code c}, once it is known to have exactly one warning and no error. */
    public static Compilation oneWarning(Compilation c) {
        CompilationSubject.assertThat(c).hadErrorCount(0);
        CompilationSubject.assertThat(c).hadWarningCount(1);
        return c;
    }

    public static Compilation compile(JavaFileObject... sources) {
        return compile(List.of(), sources);
    }

    public static Compilation compile(List<String> options, JavaFileObject... sources) {
        return Compiler.javac()
                .withProcessors(new TvmBindProcessor())
                .withOptions(options)
                .compile(sources);
    }

    /** A model with one tensor entry point, from input and output names. */
    public static JavaFileObject tensorModel(String name, String annotation, String input, String output) {
        return model(name, annotation,
                "@EntryPoint int run(@Input(" + input + ") MemorySegment in,",
                "                    @Output(" + output + ") MemorySegment out);");
    }
}
