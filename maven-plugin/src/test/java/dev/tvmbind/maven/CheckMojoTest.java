package dev.tvmbind.maven;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.DType;
import dev.tvmbind.TensorRole;
import dev.tvmbind.check.RecordedChecks;
import dev.tvmbind.check.testing.TvmMlf;
import dev.tvmbind.check.tvm.TvmOutputReader;
import dev.tvmbind.contract.CheckRecord;
import dev.tvmbind.contract.EntryPointContract;
import dev.tvmbind.contract.ModelContract;
import dev.tvmbind.contract.TensorContract;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The goal on a class output holding a record of the keyword spotter, checked against a
 * {@code model.tar} that is then left alone, rebuilt the same, replaced by another model's, or
 * removed: each outcome, as the build sees it.
 */
class CheckMojoTest {
    private static final ModelContract SPOTTER = new ModelContract("app.KeywordSpotter",
            "tvmgen", "default", true, 56448, false, List.of(new EntryPointContract("run", "run(byte[], byte[])", true)), List.of(
                    new TensorContract(TensorRole.INPUT, "input_1", "input_1", "features",
                            "byte[]", Optional.of(DType.INT8), 490, List.of(1L, 49L, 10L, 1L)),
                    new TensorContract(TensorRole.OUTPUT, "Identity", "Identity", "scores",
                            "byte[]", Optional.of(DType.INT8), 12, List.of(1L, 12L))));

    @TempDir
    Path dir;

    /** A class output with the spotter's record, checked against {@code model.tar} in dir. */
    private Path classesCheckedAgainst(Path tar) throws IOException {
        TvmMlf.tar(TvmMlf.fixture("aww").resolve("mlf"), tar);
        var tvm = TvmOutputReader.read(tar.toString()).models().get("tvmgen_default");
        Path classes = dir.resolve("classes");
        Path record = classes.resolve(CheckRecord.path("app.KeywordSpotter"));
        Files.createDirectories(record.getParent());
        // Our header as TVM's own: what the processor records when the two agree.
        Files.writeString(record, tvm.record(SPOTTER, tvm.headerText()).render());
        return classes;
    }

    /** Replaces {@code tar} with the keyword spotter's tree, its {@code file} changed so. */
    private void replaceWithChanged(Path tar, String file, UnaryOperator<String> change)
            throws IOException {
        Path tree = TvmMlf.copy(TvmMlf.fixture("aww").resolve("mlf"), dir.resolve("changed"));
        Path changed = tree.resolve(file);
        Files.writeString(changed, change.apply(Files.readString(changed)));
        Files.delete(tar);
        TvmMlf.tar(tree, tar);
    }

    /** Runs the goal; what it said at info level. */
    private static List<String> execute(Path classes) throws Exception {
        CheckMojo mojo = new CheckMojo();
        Field field = CheckMojo.class.getDeclaredField("classesDirectory");
        field.setAccessible(true);
        field.set(mojo, classes.toFile());
        List<String> said = new java.util.ArrayList<>();
        mojo.setLog(new org.apache.maven.plugin.logging.SystemStreamLog() {
            @Override
            public void info(CharSequence content) {
                said.add(content.toString());
            }
        });
        mojo.execute();
        return said;
    }

    @Test
    void nothingRecordedChecksNothing() throws IOException {
        Files.createDirectories(dir.resolve("classes"));
        assertEquals(List.of(), assertDoesNotThrow(() -> execute(dir.resolve("classes"))));
        assertEquals(List.of(), RecordedChecks.check(dir.resolve("classes"), Optional.empty(), Optional.empty()));
    }

    @Test
    void anUnchangedOutputPasses() throws Exception {
        Path classes = classesCheckedAgainst(dir.resolve("model.tar"));
        assertEquals(List.of("tvmbind: 1 model agrees with TVM's output as it is now"),
                assertDoesNotThrow(() -> execute(classes)));
        RecordedChecks.Outcome outcome = RecordedChecks.check(classes, Optional.empty(), Optional.empty()).get(0);
        assertEquals(List.of(), outcome.errors());
        assertEquals(List.of(), outcome.warnings());
    }

    @Test
    void anOutputRebuiltWithTheSameInterfacePasses() throws Exception {
        Path tar = dir.resolve("model.tar");
        Path classes = classesCheckedAgainst(tar);
        // Another build of the same model: TVM's C changed, the interface did not.
        replaceWithChanged(tar, "codegen/host/src/default_lib0.c", c -> "/* rebuilt */\n" + c);
        // The goal found the record and compared it: one model, agreeing (not "nothing found").
        assertEquals(List.of("tvmbind: 1 model agrees with TVM's output as it is now"),
                execute(classes));
        assertEquals(List.of(List.of()), RecordedChecks.check(classes, Optional.empty(), Optional.empty()).stream()
                .map(RecordedChecks.Outcome::errors).toList());
    }

    @Test
    void aChangedOperatorListFailsNamingWhatAppearedAndWhatWentMissing() throws Exception {
        Path tar = dir.resolve("model.tar");
        Path classes = classesCheckedAgainst(tar);
        // The same interface, but TVM fused differently: one operator function has another name.
        String old = "tvmgen_default_fused_nn_softmax_divide_round_add_clip_cast";
        replaceWithChanged(tar, "metadata.json", json -> json.replace(old, old + "_1"));
        assertThrows(MojoFailureException.class, () -> execute(classes));
        List<String> errors = RecordedChecks.check(classes, Optional.empty(), Optional.empty()).get(0).errors();
        assertEquals(List.of("app.KeywordSpotter: [tvmbind:tvm-output-operators] app.KeywordSpotter"
                + " was checked against a compilation of 'tvmgen_default' whose operator functions"
                + " have changed since: " + old + "_1 appeared, " + old + " went missing, so a"
                + " library built from the output as it is now is refused at load; rebuild so that"
                + " javac checks the interface again (mvn clean verify), or restore the output"),
                errors);
    }

    @Test
    void anotherModelsOutputFailsOnTheParameter() throws Exception {
        Path tar = dir.resolve("model.tar");
        Path classes = classesCheckedAgainst(tar);
        Files.delete(tar);
        TvmMlf.tar(TvmMlf.fixture("sine").resolve("mlf"), tar); // also tvmgen_default
        MojoFailureException e = assertThrows(MojoFailureException.class, () -> execute(classes));
        assertTrue(e.getMessage().contains("as it is now"), e.getMessage());
        List<String> errors = RecordedChecks.check(classes, Optional.empty(), Optional.empty()).get(0).errors();
        assertTrue(errors.get(0).startsWith("app.KeywordSpotter.run(byte[], byte[]), parameter"
                + " features: [tvmbind:tvm-output-name]"), errors.toString());
    }

    @Test
    void aRemovedOutputIsAnErrorNamingIt() throws Exception {
        Path tar = dir.resolve("model.tar");
        Path classes = classesCheckedAgainst(tar);
        Files.delete(tar);
        assertThrows(MojoFailureException.class, () -> execute(classes));
        List<String> errors = RecordedChecks.check(classes, Optional.empty(), Optional.empty()).get(0).errors();
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).contains("[tvmbind:tvm-output-unreadable] cannot read TVM output "
                + tar.toAbsolutePath()), errors.get(0));
    }

    @Test
    void anUnreadableRecordIsOneKeyedErrorNamingIt() throws Exception {
        Path classes = classesCheckedAgainst(dir.resolve("model.tar"));
        Path record = classes.resolve(CheckRecord.path("app.KeywordSpotter"));
        Files.writeString(record, "interface=app.KeywordSpotter\n");
        assertThrows(MojoFailureException.class, () -> execute(classes));
        List<String> errors = RecordedChecks.check(classes, Optional.empty(), Optional.empty()).get(0).errors();
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).startsWith("[tvmbind:tvm-check-record] cannot read the record of"
                + " what javac checked, " + record), errors.get(0));
    }
}
