package dev.tvmbind.processor.generate.java;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.tvmbind.processor.Sources;
import java.io.IOException;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * A tensor entry point's call holds the model's run lock around the native call, unless the model
 * is declared reentrant; plain entry points never take it.
 */
class RunLockTest {
    private static String binding(String annotation) throws IOException {
        JavaFileObject model = JavaFileObjects.forSourceLines("locks.Model",
                "package locks;",
                "import dev.tvmbind.*;",
                annotation,
                "public interface Model {",
                "    @EntryPoint int run(@Input(value = \"in\", size = 4) byte[] in,",
                "                        @Output(value = \"out\", size = 4) byte[] out);",
                "    @EntryPoint int version();",
                "}");
        Compilation compilation = Sources.compile(model);
        assertThat(compilation).succeededWithoutWarnings();
        return compilation.generatedSourceFile("locks.ModelBinding").orElseThrow()
                .getCharContent(true).toString().replaceAll("\\s+", " ");
    }

    @Test
    void theRunHoldsTheLockAroundTheNativeCallOnly() throws Exception {
        String binding = binding("@TvmModel(name = \"model\")");
        assertTrue(binding.contains("RUN_LOCK.lock(); try { status = (int)"
                + " HANDLE_RUN.invokeExact(inputs, outputs); int overrun = scratch.overrunCopy();"
                + " if (overrun >= 0) { throw TensorArgument.overrun(SYMBOL_RUN, overrun, IN, OUT);"
                + " } if (status != 0) { LINKAGE.afterFailedRun(); } } finally { RUN_LOCK.unlock();"
                + " }"), binding);
        assertTrue(binding.contains(
                "private static final ReentrantLock RUN_LOCK = LINKAGE.runLock(SYMBOL_RUN);"), binding);
        assertTrue(binding.contains(
                "public int version() { OWNER.check(); try { return (int) HANDLE_VERSION.invokeExact(); }"), binding);
    }

    @Test
    void aReentrantModelTakesNoLock() throws Exception {
        String binding = binding("@TvmModel(name = \"model\", reentrant = true)");
        assertFalse(binding.contains("RUN_LOCK"), binding);
        assertTrue(binding.contains(".reentrant() .build();"), binding);
    }
}
