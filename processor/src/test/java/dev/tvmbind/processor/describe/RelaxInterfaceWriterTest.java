package dev.tvmbind.processor.describe;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.tvmbind.contract.RelaxLibraryFacts;
import dev.tvmbind.processor.Sources;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The interface {@code describe} writes from a Relax library's facts, over text TVM 0.27 prints
 * and text it does not: what the library says is declared, what it does not is said and left
 * untyped, never guessed; the result compiles through the processor without a diagnostic. (The
 * live libraries: the integration tests' {@code RelaxDescribeTest}.)
 */
class RelaxInterfaceWriterTest {
    private static RelaxLibraryFacts facts(String stats) {
        Map<String, List<String>> functions = new LinkedHashMap<>();
        functions.put("add_one", List.of("x"));
        functions.put("resize", List.of("image", "size", "scale"));
        functions.put("pairs", List.of("pair"));
        functions.put("weird", List.of("input_ids"));
        return RelaxLibraryFacts.of(Optional.of(Set.copyOf(functions.keySet())), functions, stats);
    }

    private static final String STATS = "[\"ErrorContext(fn=add_one, loc=param[0], param=x,"
            + " annotation=R.Tensor((n,), dtype=\"float32\")) \", \"ErrorContext(fn=add_one,"
            + " loc=return, annotation=R.Tensor((n,), dtype=\"float32\")) \", \"ErrorContext(fn=resize,"
            + " loc=param[0], param=image, annotation=R.Tensor((1, 3, h, w), dtype=\"uint8\")) \","
            + " \"ErrorContext(fn=resize, loc=param[1], param=size, annotation=R.Shape([2])) \","
            + " \"ErrorContext(fn=resize, loc=param[2], param=scale, annotation=T.float64) \","
            + " \"ErrorContext(fn=pairs, loc=param[0], param=pair, annotation=T.Tuple(R.Tensor((2,),"
            + " dtype=\"int32\"), R.Tensor((2,), dtype=\"int32\"))) \", \"ErrorContext(fn=weird,"
            + " loc=param[0], param=input_ids, annotation=R.Weird(7)) \"]";

    @Test
    void whatTheLibrarySaysIsDeclaredTheRestSaid() {
        Described described = RelaxInterfaceWriter.write(facts(STATS),
                "Tokenizer", "com.acme", "tokenizer.so");
        String source = described.source().text();
        assertTrue(source.contains("Tensor addOne(@Shape(value = {\"n\"}, dtype = DType.FLOAT32)"
                + " Tensor x);"), source);
        assertTrue(source.contains("Object resize(@Shape(value = {\"1\", \"3\", \"h\", \"w\"},"
                + " dtype = DType.UINT8) Tensor image,\n            long[] size, double scale);"),
                source);
        assertTrue(source.contains("@return what the function returns: the library does not"
                + " record it"), source);
        // Unrecognised: an unshaped tensor, said in the javadoc and as a warning.
        assertTrue(source.contains("Object weird(Tensor inputIds);"), source);
        assertTrue(source.contains("@param inputIds {@code R.Weird(7)}, which tvmbind does not"
                + " read: an unshaped tensor"), source);
        assertTrue(source.contains("<p>Left out: pairs (parameter pair is T.Tuple("), source);
        assertEquals(List.of("left out Relax function 'pairs': parameter pair is"
                + " T.Tuple(R.Tensor((2,), dtype=\"int32\"), R.Tensor((2,), dtype=\"int32\")),"
                + " which a @TvmRelax method cannot pass", "the library's annotations of Relax"
                + " function 'weird' were not all recognised: those values are written untyped"),
                described.warnings());
        Compilation compiled = Sources.compile(JavaFileObjects.forSourceString(
                "com.acme.Tokenizer", source));
        assertThat(compiled).succeededWithoutWarnings();
    }

    @Test
    void namesAreJavasWithTheRelaxNameKept() {
        assertEquals("inputIds", JavaNames.member("input_ids", "value", new HashSet<>()));
        assertEquals("class_", JavaNames.member("class", "function", new HashSet<>()));
        assertEquals("value1x", JavaNames.member("1x", "value", new HashSet<>()));
        assertEquals("x_", JavaNames.member("x", "value", new HashSet<>(Set.of("x"))));
        assertEquals("KeywordSpotter", LibraryDescribe.interfaceName(Path.of("keyword-spotter.so")));
        String source = RelaxInterfaceWriter.write(RelaxLibraryFacts.of(Optional.of(Set.of(
                "main", "decode.step")), Map.of("decode.step", List.of("x")), ""), "M", "",
                "m.so").source().text();
        assertTrue(source.contains("@EntryPoint(\"decode.step\")\n    Object decodeStep(Tensor x);"),
                source);
    }
}
