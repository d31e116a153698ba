package dev.tvmbind.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.DType;
import dev.tvmbind.check.tvm.UnreadableOutputException;
import dev.tvmbind.contract.FfiFunctionContract;
import dev.tvmbind.contract.FfiTensorShape;
import dev.tvmbind.contract.FfiType;
import dev.tvmbind.contract.RelaxCheckRecord;
import dev.tvmbind.contract.RelaxLibraryFacts;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The comparison javac and the build's check run for {@code @TvmRelax} interfaces, every finding
 * with its key and place, over facts as TVM 0.27 prints them (the live libraries are read by the
 * integration tests' {@code RelaxDescribeTest}); and the record that carries it to the check.
 */
class RelaxOutputCheckTest {
    private static final Path MLP = Path.of("/models/mlp.so");
    private static final Path SORTING = Path.of("/models/sorting.so");
    private static final RelaxLibraryFacts MLP_FACTS = RelaxLibraryFacts.of(
            Optional.of(Set.of("forward")), Map.of("forward", List.of("x")),
            "[float32, \"ErrorContext(fn=forward, loc=param[0], param=x, annotation=R.Tensor((n,"
                    + " 784), dtype=\"float32\")) \", \"ErrorContext(fn=forward, loc=return,"
                    + " annotation=R.Tensor((n, 10), dtype=\"float32\")) \"]");
    private static final RelaxLibraryFacts SORTING_FACTS = sorting();

    private static RelaxLibraryFacts sorting() {
        Map<String, List<String>> functions = new LinkedHashMap<>();
        functions.put("best", List.of("x"));
        functions.put("order", List.of("x"));
        return RelaxLibraryFacts.of(Optional.of(Set.of("order", "best")), functions, "");
    }

    private static RelaxOutputCheck check(Map<Path, String> libraries) {
        return new RelaxOutputCheck(libraries, library -> {
            if (library.equals(MLP)) {
                return MLP_FACTS;
            } else if (library.equals(SORTING)) {
                return SORTING_FACTS;
            }
            throw new UnreadableOutputException("the JVM that loads it ended with status 134");
        });
    }

    private static FfiFunctionContract forward(String parameter, String... dims) {
        return FfiFunctionContract.relax("forward", "forward", FfiType.Plain.TENSOR,
                FfiFunctionContract.parameter(parameter, FfiType.Plain.TENSOR,
                        FfiTensorShape.of(DType.FLOAT32, dims)))
                .returning(FfiTensorShape.of(DType.FLOAT32, "n", "10"));
    }

    private static List<String> texts(RelaxOutputCheck.Outcome outcome) {
        return outcome.findings().stream().map(f -> f.place() + " " + f.index() + " "
                + f.parameter() + " " + f.text()).toList();
    }

    @Test
    void anInterfaceAsTheLibraryIsAgrees() {
        RelaxOutputCheck.Outcome outcome = check(Map.of(MLP, "mlp.so"))
                .check("app.Mlp", List.of(forward("x", "n", "784")));
        assertEquals(Optional.of(MLP), outcome.library());
        assertEquals(List.of(), outcome.findings());
    }

    @Test
    void eachDifferenceIsKeyedOnItsMethodOrParameter() {
        RelaxOutputCheck check = check(Map.of(MLP, "mlp.so"));
        assertEquals(List.of("PARAMETER 0 0 [tvmbind:tvm-output-relax-tensor] Tensor forward(Tensor"
                + " x): parameter x is declared float32[n, 785], the library's is R.Tensor((n, 784),"
                + " dtype=\"float32\") (axis 1), in /models/mlp.so: declare the @Shape as the"
                + " library's annotation says (a literal where it has one, a name where it has a"
                + " name)"), texts(check.check("app.Mlp", List.of(forward("x", "n", "785")))));
        assertEquals(List.of("PARAMETER 0 0 [tvmbind:tvm-output-relax-parameter] Tensor"
                + " forward(Tensor input): parameter 0 is 'x' in the library, 'input' in the"
                + " method, in /models/mlp.so: name and type the parameter as the library does"),
                texts(check.check("app.Mlp", List.of(forward("input", "n", "784")))));
        FfiFunctionContract twoParameters = FfiFunctionContract.relax("forward", "forward",
                FfiType.Plain.TENSOR, FfiFunctionContract.parameter("x", FfiType.Plain.TENSOR),
                FfiFunctionContract.parameter("y", FfiType.Plain.TENSOR));
        assertEquals(List.of("FUNCTION 0 -1 [tvmbind:tvm-output-relax-arity] Tensor forward(Tensor"
                + " x, Tensor y): 'forward' takes 1 parameters, in /models/mlp.so: declare the"
                + " parameters the library's are (x)"),
                texts(check.check("app.Mlp", List.of(twoParameters))));
        FfiFunctionContract missing = FfiFunctionContract.relax("backward", "backward",
                FfiType.Plain.TENSOR);
        assertEquals(List.of("FUNCTION 1 -1 [tvmbind:tvm-output-relax-function] Tensor backward():"
                + " no Relax function 'backward', in /models/mlp.so, whose functions are forward:"
                + " name the method after one (in lower snake case) or write"
                + " @EntryPoint(\"name\")"),
                texts(check.check("app.Mlp", List.of(forward("x", "n", "784"), missing))));
    }

    @Test
    void severalLibrariesAreMatchedByTheirFunctions() {
        Map<Path, String> both = new LinkedHashMap<>();
        both.put(MLP, "mlp.so");
        both.put(SORTING, "sorting.so");
        FfiFunctionContract order = FfiFunctionContract.relax("order", "order",
                FfiType.Plain.TENSOR, FfiFunctionContract.parameter("x", FfiType.Plain.TENSOR));
        RelaxOutputCheck check = check(both);
        assertEquals(Optional.of(SORTING), check.check("app.Sorting", List.of(order)).library());
        FfiFunctionContract nowhere = FfiFunctionContract.relax("decode", "decode",
                FfiType.Plain.TENSOR);
        assertEquals(List.of("MODEL -1 -1 [tvmbind:tvm-output-relax-library] app.Decoder is"
                + " @TvmRelax, but no library of -Atvmbind.tvmOutput holds all its functions"
                + " (decode): /models/mlp.so holds forward; /models/sorting.so holds best, order;"
                + " name the interface's library alone in the option, or correct the methods"),
                texts(check.check("app.Decoder", List.of(nowhere))));
    }

    @Test
    void outputsWithoutALibraryAreAnErrorNotAnAgreement() {
        assertEquals(List.of("MODEL -1 -1 [tvmbind:tvm-output-relax-library] app.Mlp is @TvmRelax,"
                + " but no library of -Atvmbind.tvmOutput holds all its functions (forward): it"
                + " names no Relax library; name the interface's library alone in the option, or"
                + " correct the methods"), texts(check(Map.of()).check("app.Mlp",
                        List.of(forward("x", "n", "784")))));
    }

    @Test
    void aLibraryThatCannotBeReadIsAnErrorOnTheOption() {
        List<String> found = texts(check(Map.of(Path.of("/models/crashes.so"), "crashes.so"))
                .check("app.Crashes", List.of(forward("x", "n", "784"))));
        assertEquals(List.of("OUTPUT -1 -1 [tvmbind:tvm-output-unreadable] cannot read TVM output"
                + " /models/crashes.so: the JVM that loads it ended with status 134"), found);
    }

    @Test
    void theRecordReadsBackAsWritten() {
        FfiFunctionContract best = FfiFunctionContract.relax("best", "best",
                FfiType.listOf(FfiType.Plain.TENSOR), FfiFunctionContract.parameter("x",
                        FfiType.Plain.TENSOR, FfiTensorShape.of("6")),
                FfiFunctionContract.parameter("k", FfiType.Plain.LONG));
        RelaxCheckRecord record = new RelaxCheckRecord("app.Outer$Mlp", List.of(
                forward("x", "n", "784"), best), "/models/a b\\c.so", "a b\\c.so");
        assertEquals(record, RelaxCheckRecord.parse(record.render()));
        assertTrue(RelaxCheckRecord.path("app.Outer$Mlp").endsWith("checked-relax/"
                + "app.Outer$Mlp.properties"));
    }
}
