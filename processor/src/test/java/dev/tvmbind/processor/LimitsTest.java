package dev.tvmbind.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tvmbind.processor.Sources.ANNOTATION_LINE;
import static dev.tvmbind.processor.Sources.compile;
import static dev.tvmbind.processor.Sources.model;

import com.google.testing.compile.Compilation;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The JVM's limits on a class: an interface whose binding would not fit gets a keyed error
 * saying the limit, never a binding javac refuses ("code too large").
 */
class LimitsTest {
    private static JavaFileObject entryPoints(int count) {
        List<String> body = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            body.add("@EntryPoint int function" + i + "(int a, String s, byte[] b);");
        }
        return model("Big", "@TvmModel(name = \"big\")", body.toArray(String[]::new));
    }

    @Test
    void tooManyEntryPointsForOneClassInitializerIsAnError() {
        JavaFileObject source = entryPoints(1_500);
        Compilation c = compile(source);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining("[tvmbind:too-many-entry-points] test.Big has 1500 entry"
                + " points with 4500 parameters in all: its binding would exceed the JVM's 64 KiB"
                + " limit on a class initializer (about 1132 entry points of this size fit); move"
                + " some plain entry points to another @TvmModel interface, a model of its own name")
                .inFile(source).onLine(ANNOTATION_LINE);
    }

    /** Just under the estimate, the binding compiles: the estimate is not a guess on the safe side only. */
    @Test
    void justUnderTheLimitTheBindingCompiles() {
        assertThat(compile(entryPoints(1_130))).succeededWithoutWarnings();
    }
}
