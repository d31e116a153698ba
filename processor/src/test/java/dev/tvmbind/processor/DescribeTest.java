package dev.tvmbind.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.check.testing.TvmMlf;
import dev.tvmbind.contract.ProcessorCommandLine;
import dev.tvmbind.processor.RealTvmBuild.Built;
import dev.tvmbind.processor.cli.Main;
import dev.tvmbind.runtime.ModelInfo;
import dev.tvmbind.runtime.TvmModels;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar tvmbind-processor.jar describe}: the interface it writes from real TVM output
 * compiles with no diagnostic against that output, reproduces TVM's header, and runs the model.
 */
class DescribeTest {
    @TempDir Path dir;

    private record Run(int status, String out, String err) {}

    private static Run describe(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> command = new java.util.ArrayList<>(List.of("describe"));
        command.addAll(List.of(args));
        int status = Main.runCommand(command, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The javadoc's text with its line breaks undone. */
    private static String prose(String source) {
        return source.replaceAll("\\s*\\n\\s*\\* ", " ");
    }

    /** Compiles {@code source} against {@code tree} and asserts javac said nothing at all. */
    private void compilesSilently(Path tree, Path source) throws Exception {
        RealJavac.Result compiled = RealJavac.compile(dir.resolve("silent"),
                List.of("-Atvmbind.tvmOutput=" + tree, "-Xlint:all"), List.of(source));
        assertTrue(compiled.success(), compiled.diagnostics().toString());
        assertEquals(List.of(), compiled.diagnostics());
    }

    @Test
    void theKeywordSpotterDescribedCompilesSilentlyAndClassifiesLikeTheReference() throws Exception {
        Path aww = TvmMlf.fixture("aww");
        Path tree = aww.resolve("mlf");
        Run run = describe(tree.toString(), "--package", "real", "--out", dir.resolve("src").toString());
        assertEquals(0, run.status(), run.err());
        Path written = dir.resolve("src/real/Default.java");
        assertEquals("wrote " + written + "\n", run.out());
        String source = Files.readString(written);
        assertTrue(source.contains("""
                @TvmModel(
                        name = "default",
                        prefix = "tvmgen",
                        workspaceSize = 56448,
                        checked = true
                )
                public interface Default {"""), source);
        assertTrue(source.contains("    void run(@Input(value = \"input_1\", dtype = \"int8\","
                + " shape = {1, 49, 10, 1}) byte[] input_1,\n            @Output(value = \"Identity\","
                + " dtype = \"int8\", shape = {1, 12}) byte[] identity);"), source);
        assertTrue(prose(source).contains("Not reentrant: its C keeps its workspace in the static"
                + " array {@code global_workspace}"), source);
        compilesSilently(tree, written);

        Built built = RealTvmBuild.build(dir, tree, "Default", source, List.of(), List.of());
        ModelInfo described = TvmModels.info(built.model());
        assertEquals(Optional.of(List.of(1L, 49L, 10L, 1L)), described.inputs().getFirst().shape());
        assertEquals(OptionalLong.of(490), described.inputs().getFirst().bytes());
        assertEquals(OptionalLong.of(12), described.outputs().getFirst().bytes());
        assertEquals(56448, described.workspaceSize());
        Object model = TvmModels.load(built.model(), built.library());
        Method runMethod = built.model().getMethod("run", byte[].class, byte[].class);
        List<byte[]> inputs = RealTvmBuild.awwInputs(aww);
        byte[] expected = RealTvmBuild.awwClasses(aww);
        for (int n = 0; n < inputs.size(); n++) {
            byte[] scores = new byte[12];
            runMethod.invoke(model, inputs.get(n), scores);
            assertEquals(expected[n], RealTvmBuild.argMax(scores), "sample " + n);
        }
    }

    /** TVM 0.9 recorded no dtypes or sizes, and no Relay text: segments, and the javadoc says so. */
    @Test
    void theSineModelOfAnOldReleaseIsDescribedWithTheFactsItHas() throws Exception {
        Path tree = TvmMlf.fixture("sine").resolve("mlf");
        Run run = describe(tree.toString(), "--out", dir.resolve("src").toString());
        assertEquals(0, run.status(), run.err());
        Path written = dir.resolve("src/Default.java");
        String source = Files.readString(written);
        assertTrue(source.contains("void run(@Input(\"dense_4_input\") MemorySegment dense_4_input,"),
                source);
        assertTrue(prose(source).contains("The output does not record dtypes (so those tensors are"
                + " {@code MemorySegment}s)"), source);
        assertTrue(prose(source).contains("(Model Library Format version 5, exported 2022-03-24"
                + " 18:49:45Z)"), source);
        assertTrue(prose(source).contains("{@code TVMBackendAllocWorkspace}"), source);
        compilesSilently(tree, written);
    }

    @Test
    void aTarIsDescribedAsItsTreeIsAndNothingIsOverwritten() throws Exception {
        Path tar = TvmMlf.tar(TvmMlf.fixture("aww").resolve("mlf"), dir.resolve("model.tar"));
        Path out = dir.resolve("src");
        assertEquals(0, describe(tar.toString(), "--out", out.toString()).status());
        Path written = out.resolve("Default.java");
        Files.writeString(written, "// mine\n");
        Run again = describe(tar.toString(), "--out", out.toString());
        assertEquals(0, again.status());
        assertEquals("skipped " + written + ": it exists (describe never overwrites a file)\n",
                again.out());
        assertEquals("// mine\n", Files.readString(written));
    }

    /**
     * What TVM's output and the command line say ends up in the interface's javadoc: a path
     * holding the comment's end, and a metadata.json whose version and export time are hostile,
     * give an interface that still compiles silently, saying neither.
     */
    @Test
    void hostileTextFromTheOutputStaysInsideTheJavadoc() throws Exception {
        Path tree = TvmMlf.copy(TvmMlf.fixture("aww").resolve("mlf"), dir.resolve("a*").resolve("mlf"));
        Path metadata = tree.resolve("metadata.json");
        Files.writeString(metadata, Files.readString(metadata)
                .replace("\"version\": 7", "\"version\": 1e99999999999")
                .replace("2025-09-28 12:32:33Z", "*/ class Injected { /*"));
        Run run = describe(tree.toString(), "--out", dir.resolve("src").toString());
        assertEquals(0, run.status(), run.err());
        Path written = dir.resolve("src/Default.java");
        String source = Files.readString(written);
        assertTrue(prose(source).contains("<code>" + tree.toString().replace("/", "&#47;").replace("*", "&#42;")
                + "</code> (Model Library Format)"), source);
        assertTrue(!source.contains("Injected") && !source.contains("99999"), source);
        compilesSilently(tree, written);
    }

    @Test
    void withoutOutItPrintsTheInterface() {
        Run run = describe(TvmMlf.fixture("aww").resolve("mlf").toString(), "--package", "com.acme");
        assertEquals(0, run.status(), run.err());
        assertTrue(run.out().startsWith("package com.acme;\n"), run.out());
    }

    @Test
    void badInputIsOneLineAndStatusTwo() {
        Run missing = describe(dir.resolve("no-such-output").toString());
        assertEquals(2, missing.status());
        assertEquals(1, missing.err().lines().count(), missing.err());
        assertTrue(missing.err().startsWith("tvmbind describe: [tvmbind:tvm-output-unreadable] cannot"
                + " read TVM output " + dir.resolve("no-such-output")), missing.err());
        assertEquals(2, describe().status());
        assertEquals(2, describe("x", "--package", "not a package").status());
        assertEquals(2, Main.runCommand(List.of("explain"),
                new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(new ByteArrayOutputStream())));
    }

    /** The Maven plugin's describe goal finds the command line as a service, by no name. */
    @Test
    void theCommandLineIsTheServiceThePluginLoads() {
        ProcessorCommandLine found = ServiceLoader.load(ProcessorCommandLine.class).findFirst()
                .orElseThrow();
        assertTrue(found instanceof Main, found.toString());
        assertEquals(0, found.run(List.of("--help"), new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(new ByteArrayOutputStream())));
    }

    /**
     * A header whose comment names another module than its run function ends in, longer (once a
     * StringIndexOutOfBoundsException) or shorter (once a silently wrong name and prefix): one
     * line naming the header, status 2.
     */
    @Test
    void aHeaderWhoseCommentNamesAnotherModuleIsRefused() throws Exception {
        Path original = TvmMlf.fixture("aww").resolve("mlf/codegen/host/include/tvmgen_default.h");
        for (String module : List.of("x_default_but_longer", "x", "tvmgen_default")) {
            Path header = dir.resolve(module).resolve("tvmgen_default.h");
            Files.createDirectories(header.getParent());
            Files.writeString(header, Files.readString(original)
                    .replace("for TVM module \"default\"", "for TVM module \"" + module + "\""));
            Run run = describe(header.toString());
            assertEquals(2, run.status(), run.out() + run.err());
            assertEquals(1, run.err().lines().count(), run.err());
            assertTrue(run.err().contains("its comments name TVM module \"" + module + "\", but its"
                    + " run function is tvmgen_default_run"), run.err());
        }
    }

    @Test
    void helpSaysTheArguments() {
        Run help = describe("--help");
        assertEquals(0, help.status());
        assertTrue(help.out().contains("describe PATH [--package P] [--out DIR]"), help.out());
    }
}
