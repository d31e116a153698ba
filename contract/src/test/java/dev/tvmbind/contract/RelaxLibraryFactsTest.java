package dev.tvmbind.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.DType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The reading of a Relax library's text, on what apache-tvm 0.27.0.post1 prints (the live library
 * is read by the integration tests' {@code RelaxDescribeTest}), and the comparison with a
 * declared interface.
 */
class RelaxLibraryFactsTest {
    /** {@code stats()} of a function taking every kind of value, as TVM 0.27 prints it. */
    private static final String KINDS = """
            Relax VM executable statistics:
              Constant pool (# 15): [float32, "ErrorContext(fn=f, loc=param[0], param=x, \
            annotation=R.Tensor((n, 4), dtype="float32")) ", "ErrorContext(fn=f, loc=param[1], \
            param=s, annotation=R.Shape([m, 3])) ", int64, "ErrorContext(fn=f, loc=param[2], \
            param=p, annotation=T.int64) ", float64, "ErrorContext(fn=f, loc=param[3], param=q, \
            annotation=T.float64) ", "ErrorContext(fn=f, loc=param[4], param=t, \
            annotation=T.Tuple(R.Tensor((T.int64(2),), dtype="int32"), R.Tensor((T.int64(3),), \
            dtype="float32"))) ", int32, float16, "ErrorContext(fn=g, loc=param[0], param=x, \
            annotation=R.Tensor(dtype="float16", ndim=2)) ", int8, "ErrorContext(fn=g, \
            loc=param[1], param=y, annotation=R.Tensor(dtype="int8")) ", bool, \
            "ErrorContext(fn=split, loc=return, annotation=T.Tuple(R.Tensor((n,), \
            dtype="float32"), T.Tuple(R.Tensor((n,), dtype="float32"), R.Tensor((n,), \
            dtype="float32")))) "]
              Globals (#10): [f, vm.builtin.alloc_shape_heap, g]
            """;

    private static RelaxLibraryFacts kinds() {
        return RelaxLibraryFacts.of(Optional.of(Set.of("f", "g", "split")), Map.of(
                "f", List.of("x", "s", "p", "q", "t", "o"), "g", List.of("x", "y", "z"),
                "split", List.of("x")), KINDS);
    }

    @Test
    void readsEveryKindTvmPrints() {
        RelaxLibraryFacts.Function f = kinds().functions().get("f");
        RelaxType.Tensor x = assertInstanceOf(RelaxType.Tensor.class, f.parameters().get(0));
        assertEquals(Optional.of(List.of("n", "4")), x.dims());
        assertEquals(Optional.of("float32"), x.dtype());
        assertEquals(Optional.of(List.of("m", "3")),
                assertInstanceOf(RelaxType.Shape.class, f.parameters().get(1)).dims());
        assertFalse(assertInstanceOf(RelaxType.Prim.class, f.parameters().get(2)).floating());
        assertTrue(assertInstanceOf(RelaxType.Prim.class, f.parameters().get(3)).floating());
        RelaxType.Tuple t = assertInstanceOf(RelaxType.Tuple.class, f.parameters().get(4));
        assertEquals(Optional.of(List.of("2")),
                assertInstanceOf(RelaxType.Tensor.class, t.items().get(0)).dims());
        // R.Any has no check, so no annotation: unknown, and not "unrecognised".
        assertEquals(new RelaxType.Unknown(""), f.parameters().get(5));
        assertFalse(f.unrecognised());
        RelaxType.Tensor ndim = assertInstanceOf(RelaxType.Tensor.class,
                kinds().functions().get("g").parameters().get(0));
        assertEquals(2, ndim.ndim());
        assertEquals(Optional.empty(), ndim.dims());
        RelaxType split = kinds().functions().get("split").result().orElseThrow();
        assertEquals(2, assertInstanceOf(RelaxType.Tuple.class, split).items().size());
    }

    @Test
    void textNotRecognisedIsUnknownNeverGuessed() {
        assertEquals(new RelaxType.Unknown("R.Tensor((n, 4), dtype=float32)"),
                RelaxTypeText.parse("R.Tensor((n, 4), dtype=float32)"));
        assertInstanceOf(RelaxType.Unknown.class, RelaxTypeText.parse("R.Object"));
        assertInstanceOf(RelaxType.Unknown.class, RelaxTypeText.parse("T.Tuple(".repeat(100)));
        // An expression as a dimension: the rank is known, the dimensions are not.
        RelaxType.Tensor sum = assertInstanceOf(RelaxType.Tensor.class,
                RelaxTypeText.parse("R.Tensor((n + 1, 4), dtype=\"int8\")"));
        assertEquals(2, sum.ndim());
        assertEquals(Optional.empty(), sum.dims());
        RelaxLibraryFacts facts = RelaxLibraryFacts.of(Optional.empty(), Map.of("h",
                List.of("x")), "\"ErrorContext(fn=h, loc=param[0], param=x, annotation=R.Weird(1))");
        assertTrue(facts.functions().get("h").unrecognised());
    }

    @Test
    void comparesWhatEachMethodDeclares() {
        FfiFunctionContract good = FfiFunctionContract.relax("f", "f", FfiType.Plain.TENSOR,
                FfiFunctionContract.parameter("x", FfiType.Plain.TENSOR,
                        FfiTensorShape.of(DType.FLOAT32, "n", "4")),
                FfiFunctionContract.parameter("s", FfiType.Plain.SHAPE),
                FfiFunctionContract.parameter("p", FfiType.Plain.LONG),
                FfiFunctionContract.parameter("q", FfiType.Plain.DOUBLE),
                FfiFunctionContract.parameter("t", FfiType.Plain.ANY),
                FfiFunctionContract.parameter("o", FfiType.Plain.ANY));
        FfiFunctionContract bad = FfiFunctionContract.relax("g", "g", FfiType.Plain.TENSOR,
                FfiFunctionContract.parameter("x", FfiType.Plain.TENSOR,
                        FfiTensorShape.of(DType.FLOAT32, "2", "2")),
                FfiFunctionContract.parameter("why", FfiType.Plain.TENSOR),
                FfiFunctionContract.parameter("z", FfiType.Plain.LONG));
        FfiFunctionContract missing = FfiFunctionContract.relax("nope", "nope",
                FfiType.Plain.TENSOR);
        List<RelaxLibraryCheck.Difference> differences = RelaxLibraryCheck.differences(
                List.of(good, bad, missing), kinds());
        assertEquals(List.of("1:0:TENSOR", "1:1:PARAMETER_NAME", "2:-1:MISSING_FUNCTION"),
                differences.stream().map(d -> d.function() + ":" + d.parameter() + ":" + d.kind())
                        .toList());
        assertEquals("Tensor g(Tensor x, Tensor why, long z): parameter x is declared"
                + " float32[2, 2], the library's is R.Tensor(dtype=\"float16\", ndim=2) (dtype)",
                differences.get(0).text());
        FfiFunctionContract kind = FfiFunctionContract.relax("f", "f", FfiType.Plain.TENSOR,
                FfiFunctionContract.parameter("x", FfiType.Plain.LONG),
                FfiFunctionContract.parameter("s", FfiType.Plain.TENSOR),
                FfiFunctionContract.parameter("p", FfiType.Plain.DOUBLE),
                FfiFunctionContract.parameter("q", FfiType.Plain.DOUBLE),
                FfiFunctionContract.parameter("t", FfiType.Plain.ANY),
                FfiFunctionContract.parameter("o", FfiType.Plain.ANY));
        assertEquals(List.of(0, 1, 2), RelaxLibraryCheck.differences(List.of(kind), kinds())
                .stream().filter(d -> d.kind() == RelaxLibraryCheck.Kind.PARAMETER_KIND)
                .map(RelaxLibraryCheck.Difference::parameter).toList());
    }
}
