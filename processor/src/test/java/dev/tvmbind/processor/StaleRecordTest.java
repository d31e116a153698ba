package dev.tvmbind.processor;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.check.testing.TvmMlf;
import dev.tvmbind.processor.RealTvmBuild.Built;
import dev.tvmbind.runtime.TvmModels;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binding states the model's contract and the record beside its classes holds the contract
 * javac checked: the runtime loads the model only while the two are one. A record an earlier
 * compile left (the interface recompiled without the TVM output, say) names another model's
 * operators, so it is refused saying what to do.
 */
class StaleRecordTest {
    private static final String AWW = """
            package real;

            import dev.tvmbind.*;

            @TvmModel(name = "default", workspaceSize = 56448, checked = true)
            public interface Aww {
                @EntryPoint
                void run(@Input(value = "input_1", dtype = "int8", shape = {1, 49, 10, 1}) byte[] features,
                         @Output(value = "Identity", dtype = "int8", shape = {1, 12}) byte[] scores);
            }
            """;

    @TempDir Path dir;

    @Test
    void aRecordOfTheContractTheBindingStatesLoadsAndAnEarlierOneIsRefused() throws Exception {
        Built aww = RealTvmBuild.build(dir, TvmMlf.fixture("aww").resolve("mlf"), "Aww", AWW,
                List.of(), List.of());
        assertTrue(aww.model().isInstance(TvmModels.load(aww.model(), aww.library())));
        Path record = dir.resolve("classes/META-INF/tvmbind/checked/real.Aww.properties");
        Files.writeString(record, Files.readString(record)
                .replace("tensor.1.shape=1,12", "tensor.1.shape=1,10"));
        Class<?> recompiled = new URLClassLoader(new URL[] {dir.resolve("classes").toUri().toURL()},
                getClass().getClassLoader()).loadClass("real.Aww");
        IllegalArgumentException stale = assertThrows(IllegalArgumentException.class,
                () -> TvmModels.load(recompiled, aww.library()));
        assertTrue(stale.getMessage().startsWith("the record of what javac checked real.Aww"
                + " against describes the model as it was declared then (ModelContract["),
                stale.getMessage());
        assertTrue(stale.getMessage().contains("shape=[1, 10]"), stale.getMessage());
        assertTrue(stale.getMessage().endsWith("recompile the interface (mvn clean compile)"),
                stale.getMessage());
    }
}
