package dev.tvmbind.processor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.check.testing.TvmMlf;
import dev.tvmbind.processor.RealTvmBuild.Built;
import dev.tvmbind.runtime.TvmException;
import dev.tvmbind.runtime.TvmExecutor;
import dev.tvmbind.runtime.TvmLibrary;
import dev.tvmbind.runtime.TvmModels;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A failed run says why: the TVM 0.9 sine model on a platform arena too small for it returns -1,
 * and the exception carries what the platform's TVMGetLastError() says, typed and by executor;
 * the caller's output is left as it was.
 */
class RealTvmErrorsTest {
    @TempDir Path dir;

    @Test
    void aFailedRunCarriesTvmGetLastError() throws Exception {
        Built sine = RealTvmBuild.build(dir, TvmMlf.fixture("sine").resolve("mlf"), "Sine", """
                package real;

                import dev.tvmbind.*;

                @TvmModel(name = "default", workspaceSize = 1184)
                public interface Sine {
                    @EntryPoint
                    void run(@Input(value = "dense_4_input", shape = {1, 1}) float[] x,
                             @Output(value = "Identity", shape = {1, 1}) float[] y);
                }
                """, List.of(), List.of("-DTVMBIND_ARENA_SIZE=1000",
                RealTvmBuild.platform().toString()));
        Object binding = TvmModels.load(sine.model(), sine.library());
        Method run = sine.model().getMethod("run", float[].class, float[].class);
        float[] y = {42f};
        InvocationTargetException thrown = assertThrows(InvocationTargetException.class,
                () -> run.invoke(binding, new float[] {1f}, y));
        TvmException e = (TvmException) thrown.getCause();
        assertEquals(-1, e.status());
        assertTrue(e.lastError().orElseThrow().startsWith("TVMBackendAllocWorkspace: 1024 bytes"
                + " asked for,"), e.getMessage());
        assertEquals("tvmgen_default_run returned status -1: " + e.lastError().get(), e.getMessage());
        assertArrayEquals(new float[] {42f}, y, "a failed run leaves the output as it was");
        // The platform arena is reset after each failure: the next fails the same way, not worse.
        InvocationTargetException again = assertThrows(InvocationTargetException.class,
                () -> run.invoke(binding, new float[] {1f}, y));
        assertEquals(e.getMessage(), again.getCause().getMessage());

        try (TvmLibrary library = TvmLibrary.open(sine.library())) {
            TvmExecutor executor = library.executor(sine.model());
            executor.setInput("dense_4_input", new float[] {1f});
            TvmException byName = assertThrows(TvmException.class, executor::run);
            assertEquals(e.getMessage(), byName.getMessage());
        }
    }
}
