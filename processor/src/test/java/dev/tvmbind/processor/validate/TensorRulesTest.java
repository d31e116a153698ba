package dev.tvmbind.processor.validate;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tvmbind.processor.Sources.BODY_LINE;
import static dev.tvmbind.processor.Sources.compile;
import static dev.tvmbind.processor.Sources.model;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** Dtypes, shapes and the sizes that follow from them (README's "Java and C types"). */
class TensorRulesTest {
    private static JavaFileObject run(String input, String output) {
        return model("M", "@TvmModel",
                "@EntryPoint int run(",
                "    " + input + ",",
                "    " + output + ");");
    }

    private static final int INPUT_LINE = BODY_LINE + 1;
    private static final int OUTPUT_LINE = BODY_LINE + 2;

    @Test
    void aShapeWithADtypeGivesTheSize() {
        JavaFileObject source = run("@Input(value = \"x\", dtype = \"uint8\", shape = {2, 3}) byte[] x",
                "@Output(value = \"y\", shape = {4}, size = 16) float[] y");
        Compilation c = compile(source);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedFile(javax.tools.StandardLocation.SOURCE_OUTPUT, "", "tvmgen_m.h")
                .contentsAsUtf8String().contains("#define TVMGEN_M_X_SIZE 6\n");
    }

    /** A dimension of 2^31 or more is legal: the binding writes it as a long. */
    @Test
    void aDimensionBeyondIntCompiles() {
        JavaFileObject source = run("@Input(value = \"x\", dtype = \"int8\", shape = {2147483648L, 1})"
                + " MemorySegment x", "@Output(value = \"y\", size = 4) float[] y");
        Compilation c = compile(source);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.MBinding").contentsAsUtf8String()
                .contains(".shape(2147483648L, 1)");
    }

    @Test
    void unknownDtype() {
        JavaFileObject source = run("@Input(dtype = \"float\") MemorySegment x", "@Output float[] y");
        Compilation c = compile(source);
        assertThat(c).hadErrorContaining("[tvmbind:dtype] dtype 'float' of input 'x' (x) is not a TVM"
                + " dtype; write one of int8 int16 int32 int64 uint8 uint16 uint32 uint64 float16"
                + " float32 float64 bool; did you mean 'float32'?").inFile(source).onLine(INPUT_LINE);
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void dtypeOfAnotherWidth() {
        JavaFileObject source = run("@Input byte[] x",
                "@Output(dtype = \"int16\", shape = {3}) byte[] y");
        Compilation c = compile(source);
        assertThat(c).hadErrorContaining("[tvmbind:dtype] dtype 'int16' of output 'y' (y) does not fit"
                + " its Java type byte[]: 2-byte elements in an array of 1-byte ones; use short[] or"
                + " char[], a MemorySegment, or dtype 'int8'").inFile(source).onLine(OUTPUT_LINE);
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void floatingPointDtypeOnAnIntegerArray() {
        JavaFileObject source = run("@Input(dtype = \"float32\") int[] x", "@Output float[] y");
        Compilation c = compile(source);
        assertThat(c).hadErrorContaining("[tvmbind:dtype] dtype 'float32' of input 'x' (x) does not fit"
                + " its Java type int[]: integers and floating-point numbers do not share an array;"
                + " use float[], a MemorySegment, or dtype 'int32'").inFile(source).onLine(INPUT_LINE);
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void dimensionBelowOne() {
        JavaFileObject source = run("@Input(shape = {1, 0, -3}) float[] x", "@Output float[] y");
        Compilation c = compile(source);
        assertThat(c).hadErrorContaining("[tvmbind:shape] dimension 1 of the shape of input 'x' (x) is 0;"
                + " TVM's AOT shapes are static, so every dimension is 1 or more").inFile(source).onLine(INPUT_LINE);
        assertThat(c).hadErrorContaining("[tvmbind:shape] dimension 2 of the shape of input 'x' (x) is -3")
                .inFile(source).onLine(INPUT_LINE);
        assertThat(c).hadErrorCount(2);
    }

    @Test
    void overflowingShape() {
        JavaFileObject source = run("@Input float[] x",
                "@Output(shape = {4294967296L, 4294967296L}) float[] y");
        Compilation c = compile(source);
        assertThat(c).hadErrorContaining("[tvmbind:shape] the shape [4294967296, 4294967296] of output"
                + " 'y' (y) holds more bytes than a long can count").inFile(source).onLine(OUTPUT_LINE);
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void shapeOnASegmentWithoutDtype() {
        JavaFileObject source = run("@Input(shape = {1, 8}) MemorySegment x", "@Output float[] y");
        Compilation c = compile(source);
        assertThat(c).hadErrorContaining("[tvmbind:shape] input 'x' (x) is a MemorySegment with a shape"
                + " but no dtype, so its size in bytes is unknown; write the dtype").inFile(source).onLine(INPUT_LINE);
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void unknownDtypeOnASegmentWithAShapeIsOneError() {
        JavaFileObject source = run("@Input(dtype = \"f32\", shape = {1, 8}) MemorySegment x",
                "@Output float[] y");
        Compilation c = compile(source);
        assertThat(c).hadErrorContaining("[tvmbind:dtype] dtype 'f32'").inFile(source).onLine(INPUT_LINE);
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void sizeThatDisagreesWithTheShape() {
        JavaFileObject source = run("@Input(value = \"input_1\", dtype = \"int8\", shape = {1, 49, 10, 1},"
                + " size = 1960) byte[] x", "@Output float[] y");
        Compilation c = compile(source);
        assertThat(c).hadErrorContaining("[tvmbind:size-mismatch] size of input 'input_1' (x) is 1960"
                + " bytes, but its shape [1, 49, 10, 1] of int8 gives 490; remove size (it follows from"
                + " the shape) or correct it").inFile(source).onLine(INPUT_LINE);
        assertThat(c).hadErrorCount(1);
    }
}
