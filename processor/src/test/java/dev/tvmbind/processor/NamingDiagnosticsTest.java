package dev.tvmbind.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tvmbind.processor.Sources.oneError;
import static dev.tvmbind.processor.Sources.oneWarning;
import static dev.tvmbind.processor.Sources.ANNOTATION_LINE;
import static dev.tvmbind.processor.Sources.BODY_LINE;
import static dev.tvmbind.processor.Sources.compile;
import static dev.tvmbind.processor.Sources.model;
import static dev.tvmbind.processor.Sources.tensorModel;

import com.google.testing.compile.Compilation;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The naming rules of README's "The naming rules javac enforces", rules 2 to 5: one test per rule
 * and key.
 */
class NamingDiagnosticsTest {
    @Test
    void leadingUnderscoreInPrefix() {
        JavaFileObject source = model("M", "@TvmModel(prefix = \"_tvm\")", "@EntryPoint int run();");
        Compilation c = compile(source);
        assertThat(c).hadErrorContaining("[tvmbind:reserved-identifier] prefix '_tvm' starts with"
                + " '_': names that begin with '_' are reserved (C11 7.1.3); did you mean 'tvm'?")
                .inFile(source).onLine(ANNOTATION_LINE);
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void leadingUnderscoreInModelName() {
        JavaFileObject source = model("M", "@TvmModel(name = \"_cat\")", "@EntryPoint int run();");
        assertThat(oneError(compile(source))).hadErrorContaining(
                "[tvmbind:reserved-identifier] model name '_cat' starts with '_'")
                .inFile(source).onLine(ANNOTATION_LINE);
    }

    @Test
    void leadingUnderscoreInFunctionName() {
        JavaFileObject source = model("M", "@TvmModel",
                "@EntryPoint int ok();",
                "@EntryPoint(\"_init\") int init();");
        assertThat(oneError(compile(source))).hadErrorContaining(
                "[tvmbind:reserved-identifier] function name of init() '_init' starts with '_'")
                .inFile(source).onLine(BODY_LINE + 1);
    }

    @Test
    void derivedFunctionNameIsReportedOnTheMethod() {
        JavaFileObject source = model("M", "@TvmModel",
                "@EntryPoint int ok();",
                "@EntryPoint int _init();");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:reserved-identifier] function name"
                + " of _init() (derived from the Java name) '_init'")
                .inFile(source).onLine(BODY_LINE + 1);
    }

    @Test
    void doubleUnderscore() {
        JavaFileObject source = model("M", "@TvmModel(name = \"my__model\")", "@EntryPoint int run();");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:double-underscore] model name"
                + " 'my__model' contains '__': names that contain '__' are reserved in C++"
                + " ([lex.name]); did you mean 'my_model'?").inFile(source).onLine(ANNOTATION_LINE);
    }

    @Test
    void trailingUnderscore() {
        JavaFileObject source = model("M", "@TvmModel(prefix = \"acme_\")", "@EntryPoint int run();");
        assertThat(oneError(compile(source))).hadErrorContaining(
                "[tvmbind:trailing-underscore] prefix 'acme_' ends with '_'")
                .inFile(source).onLine(ANNOTATION_LINE);
    }

    @Test
    void anUpperCasePrefixGetsTheConventionsReasonNotTheModelNames() {
        JavaFileObject source = model("M", "@TvmModel(prefix = \"Acme\")", "@EntryPoint int run();");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:upper-case] prefix 'Acme'"
                + " has upper-case letters: names of TVM's convention are lower case"
                + " (tvmgen_<model>_<function>), and the header's macros upper-case them anyway;"
                + " did you mean 'acme'?").inFile(source).onLine(ANNOTATION_LINE);
    }

    @Test
    void overloadsThatMapToOneSymbolAreToldApartByTheirParameters() {
        JavaFileObject source = model("M", "@TvmModel",
                "@EntryPoint int calibrate(int level);",
                "@EntryPoint int calibrate(float gain, int level);");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:duplicate-symbol] entry point"
                + " calibrate(float, int) maps to C symbol tvmgen_m_calibrate, like entry point"
                + " calibrate(int) before it").inFile(source).onLine(BODY_LINE + 1);
    }

    @Test
    void upperCase() {
        JavaFileObject source = model("M", "@TvmModel(name = \"CatSpotter\")", "@EntryPoint int run();");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:upper-case] model name"
                + " 'CatSpotter' has upper-case letters").inFile(source).onLine(ANNOTATION_LINE);
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:upper-case] model name"
                + " 'CatSpotter' has upper-case letters: names are lower case, since TVM folds model"
                + " names to lower case in the header but not in the code it generates; did you mean"
                + " 'cat_spotter'?");
    }

    @Test
    void nonAsciiFunctionName() {
        JavaFileObject source = model("M", "@TvmModel", "@EntryPoint(\"größe\") int size();");
        assertThat(oneError(compile(source))).hadErrorContaining(
                "[tvmbind:non-ascii] function name of size() 'größe'")
                .inFile(source).onLine(BODY_LINE);
    }

    @Test
    void nonAsciiTensorName() {
        JavaFileObject source = tensorModel("M", "@TvmModel", "\"café\"", "");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:non-ascii] input name 'café'")
                .inFile(source).onLine(BODY_LINE);
    }

    @Test
    void digitFirst() {
        JavaFileObject source = model("M", "@TvmModel(name = \"2d\")", "@EntryPoint int run();");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:invalid-identifier] model name"
                + " '2d' is not a C name: a C identifier cannot start with a digit")
                .inFile(source).onLine(ANNOTATION_LINE);
    }

    @Test
    void invalidCharacter() {
        JavaFileObject source = model("M", "@TvmModel(name = \"my-model\")", "@EntryPoint int run();");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:invalid-identifier] model name"
                + " 'my-model'").inFile(source).onLine(ANNOTATION_LINE);
    }

    @Test
    void derivedModelNameWithDollar() {
        JavaFileObject source = model("Cost$Model", "@TvmModel", "@EntryPoint int run();");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:invalid-identifier] model name"
                + " (derived from the Java name) 'cost$model' is not a C name: C names are ASCII letters, digits and '_'; did you mean 'cost_model'?").inFile(source).onLine(ANNOTATION_LINE);
    }

    @Test
    void emptyPrefix() {
        JavaFileObject source = model("M", "@TvmModel(prefix = \"\")", "@EntryPoint int run();");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:empty-prefix] the prefix of model"
                + " test.M is empty").inFile(source).onLine(ANNOTATION_LINE);
    }

    @Test
    void tvmNamespace() {
        for (String prefix : List.of("tvm", "tvm_x")) {
            JavaFileObject source = model("M", "@TvmModel(prefix = \"" + prefix + "\")",
                    "@EntryPoint int run();");
            assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:tvm-namespace] prefix '"
                    + prefix + "' is in TVM's own namespace").inFile(source).onLine(ANNOTATION_LINE);
        }
    }

    @Test
    void tvmInsideALongerPrefixIsFine() {
        JavaFileObject source = model("M", "@TvmModel(prefix = \"tvmx\")", "@EntryPoint int run();");
        assertThat(compile(source)).succeededWithoutWarnings();
    }

    @Test
    void keywordAsTensorName() {
        JavaFileObject source = tensorModel("M", "@TvmModel", "\"int\"", "\"class\"");
        Compilation c = compile(source);
        assertThat(c).hadErrorContaining("[tvmbind:keyword] input name 'int' is a keyword of C89"
                + " and C++98").inFile(source).onLine(BODY_LINE);
        assertThat(c).hadErrorContaining("[tvmbind:keyword] output name 'class' is a keyword of"
                + " C++98").inFile(source).onLine(BODY_LINE + 1);
    }

    @Test
    void keywordAsParameterName() {
        JavaFileObject source = model("M", "@TvmModel",
                "@EntryPoint int add(int register,",
                "                    int restrict);");
        Compilation c = compile(source);
        assertThat(c).hadErrorContaining("[tvmbind:keyword] parameter name 'register'")
                .inFile(source).onLine(BODY_LINE);
        assertThat(c).hadErrorContaining("[tvmbind:keyword] parameter name 'restrict' is a"
                + " keyword of C99").inFile(source).onLine(BODY_LINE + 1);
    }

    @Test
    void keywordInsideALongerNameIsFine() {
        JavaFileObject source = model("M", "@TvmModel(name = \"default\")",
                "@EntryPoint(\"int\") int intValue(int autoGain);");
        assertThat(compile(source)).succeededWithoutWarnings();
    }

    @Test
    void standardNameAsParameter() {
        JavaFileObject source = model("M", "@TvmModel",
                "@EntryPoint int add(int int32_t,",
                "                    int errno);");
        Compilation c = compile(source);
        assertThat(c).hadErrorContaining("[tvmbind:standard-name] parameter name 'int32_t' is"
                + " declared by <stdint.h>").inFile(source).onLine(BODY_LINE);
        assertThat(c).hadErrorContaining("[tvmbind:standard-name] parameter name 'errno'")
                .inFile(source).onLine(BODY_LINE + 1);
    }

    @Test
    void reservedParameterName() {
        JavaFileObject source = model("M", "@TvmModel", "@EntryPoint int f(int _Count, int a__b);");
        Compilation c = compile(source);
        assertThat(c).hadErrorContaining("[tvmbind:reserved-identifier] parameter name '_Count'");
        assertThat(c).hadErrorContaining("[tvmbind:double-underscore] parameter name 'a__b'");
    }

    @Test
    void tensorNameStartingWithADigit() {
        JavaFileObject source = tensorModel("M", "@TvmModel", "\"0:in\"", "");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:invalid-identifier] input name"
                + " '0:in' is not a C name: a C identifier cannot start with a digit")
                .inFile(source).onLine(BODY_LINE);
    }

    @Test
    void tensorNameThatSanitisesToDoubleUnderscore() {
        JavaFileObject source = tensorModel("M", "@TvmModel", "\"a::b\"", "");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:double-underscore] input name"
                + " 'a::b'").inFile(source).onLine(BODY_LINE);
    }

    @Test
    void sizedTensorNameEndingInUnderscore() {
        JavaFileObject source = tensorModel("M", "@TvmModel", "value = \"x:\", size = 4", "");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:double-underscore] input name"
                + " 'x:' contains '__': its size macro TVMGEN_M_X__SIZE would contain '__'")
                .inFile(source).onLine(BODY_LINE);
    }

    @Test
    void unsizedTensorNameEndingInUnderscoreIsFine() {
        JavaFileObject source = tensorModel("M", "@TvmModel", "\"x:\"", "");
        assertThat(compile(source)).succeededWithoutWarnings();
    }

    @Test
    void tensorNameClash() {
        JavaFileObject source = model("M", "@TvmModel",
                "@EntryPoint int run(@Input(\"x:0\") MemorySegment a,",
                "                    @Input(\"x_0\") MemorySegment b,",
                "                    @Output MemorySegment out);");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:name-clash] input name 'x_0'"
                + " sanitises to member 'x_0' of struct tvmgen_m_inputs, like 'x:0' before it")
                .inFile(source).onLine(BODY_LINE + 1);
    }

    @Test
    void inputNamedWorkspace() {
        JavaFileObject source = tensorModel("M", "@TvmModel", "\"workspace\"", "");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:workspace-clash] input name"
                + " 'workspace' would declare TVMGEN_M_WORKSPACE_SIZE")
                .inFile(source).onLine(BODY_LINE);
    }

    @Test
    void overloadsMapToOneSymbol() {
        JavaFileObject source = model("M", "@TvmModel",
                "@EntryPoint int scale(int x);",
                "@EntryPoint int scale(long x);");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:duplicate-symbol] entry point"
                + " scale(long) maps to C symbol tvmgen_m_scale, like entry point scale(int) before it")
                .inFile(source).onLine(BODY_LINE + 1);
    }

    @Test
    void camelAndSnakeCaseMapToOneSymbol() {
        JavaFileObject source = model("M", "@TvmModel",
                "@EntryPoint int setInput(int x);",
                "@EntryPoint int set_input(int x);");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:duplicate-symbol] entry point"
                + " set_input(int) maps to C symbol tvmgen_m_set_input, like entry point setInput(int)")
                .inFile(source).onLine(BODY_LINE + 1);
    }

    @Test
    void plainFunctionNamedLikeTheRunFunction() {
        JavaFileObject source = model("M", "@TvmModel",
                "@EntryPoint int infer(@Input MemorySegment in, @Output MemorySegment out);",
                "@EntryPoint int run();");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:duplicate-symbol] entry point"
                + " run() maps to C symbol tvmgen_m_run").inFile(source).onLine(BODY_LINE + 1);
    }

    @Test
    void sizeMacrosThatCollide() {
        JavaFileObject source = tensorModel("M", "@TvmModel", "value = \"x\", size = 4",
                "value = \"X\", size = 4");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:duplicate-identifier] output 'X'"
                + " declares macro TVMGEN_M_X_SIZE, which input 'x' also declares; rename one of"
                + " them")
                .inFile(source).onLine(BODY_LINE + 1);
    }

    @Test
    void functionNamedLikeAStruct() {
        JavaFileObject source = model("M", "@TvmModel",
                "@EntryPoint int run(@Input MemorySegment in, @Output MemorySegment out);",
                "@EntryPoint int inputs();");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:duplicate-identifier] entry point"
                + " inputs() declares function tvmgen_m_inputs, which entry point"
                + " run(MemorySegment, MemorySegment) also"
                + " declares").inFile(source).onLine(BODY_LINE + 1);
    }

    @Test
    void twoModelsWithOneName() {
        JavaFileObject first = model("A", "@TvmModel(name = \"cat\")", "@EntryPoint int run();");
        JavaFileObject second = model("B", "@TvmModel(name = \"cat\")", "@EntryPoint int run();");
        Compilation c = compile(first, second);
        String text = "[tvmbind:duplicate-model] models test.A and test.B are both 'tvmgen_cat', so"
                + " they would share the header tvmgen_cat.h and every symbol; give one of them"
                + " another name or prefix, or, where one was written by describe for a newer TVM"
                + " output of the same model, delete or rename the older interface";
        assertThat(c).hadErrorContaining(text).inFile(first).onLine(ANNOTATION_LINE);
        assertThat(c).hadErrorContaining(text).inFile(second).onLine(ANNOTATION_LINE);
        assertThat(c).hadErrorCount(2);
    }

    @Test
    void symbolsThatClashAcrossModels() {
        JavaFileObject first = model("A", "@TvmModel(name = \"a\")", "@EntryPoint int bRun();");
        JavaFileObject second = model("B", "@TvmModel(name = \"a_b\")", "@EntryPoint int run();");
        Compilation c = compile(first, second);
        assertThat(c).hadErrorContaining("[tvmbind:duplicate-symbol] entry point run() of model"
                + " test.B declares tvmgen_a_b_run, which model test.A (entry point bRun())"
                + " declares too").inFile(second).onLine(BODY_LINE);
        assertThat(c).hadErrorContaining("[tvmbind:duplicate-symbol] entry point bRun() of model"
                + " test.A declares tvmgen_a_b_run").inFile(first).onLine(BODY_LINE);
        assertThat(c).hadErrorCount(2);
    }

    @Test
    void macrosThatClashAcrossModelsAreDuplicateIdentifiersNotSymbols() {
        // TVMGEN_A_B_C_SIZE twice: a clash for a file that includes both headers, not the linker.
        JavaFileObject first = model("A", "@TvmModel(name = \"a\")",
                "@EntryPoint int run(@Input(value = \"b_c\", size = 4) MemorySegment in,",
                "        @Output(value = \"out\", size = 4) MemorySegment out);");
        JavaFileObject second = model("B", "@TvmModel(name = \"a_b\")",
                "@EntryPoint int run(@Input(value = \"c\", size = 4) MemorySegment in,",
                "        @Output(value = \"y\", size = 4) MemorySegment out);");
        Compilation c = compile(first, second);
        assertThat(c).hadErrorContaining("[tvmbind:duplicate-identifier] input 'c' of model test.B"
                + " declares TVMGEN_A_B_C_SIZE, which model test.A (input 'b_c') declares too, so"
                + " their headers cannot be included in one file").inFile(second).onLine(BODY_LINE);
        assertThat(c).hadErrorContaining("[tvmbind:duplicate-identifier] input 'b_c' of model test.A"
                + " declares TVMGEN_A_B_C_SIZE").inFile(first).onLine(BODY_LINE);
        assertThat(c).hadErrorCount(2);
    }

    @Test
    void validModelsCompileWithoutWarnings() {
        JavaFileObject cat = model("CatSpotter", "@TvmModel(name = \"ultimate_cat_spotter\")",
                "@EntryPoint int run(@Input(value = \"serving_default_x:0\", size = 4) MemorySegment in,",
                "    @Output(value = \"StatefulPartitionedCall:0\", size = 8) float[] out,",
                "    @WorkspacePool(value = \"sram\", size = 64) MemorySegment sram,",
                "    @Device(\"npu\") MemorySegment npu);",
                "@EntryPoint(\"get_version\") int version();",
                "@EntryPoint boolean isReady(long handle, String path, double[] data);");
        JavaFileObject other = model("MNISTClassifier", "@TvmModel(prefix = \"acme\")",
                "@EntryPoint void setInput(int index, MemorySegment data);");
        assertThat(compile(cat, other)).succeededWithoutWarnings();
    }
}
