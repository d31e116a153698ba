package dev.tvmbind.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.tvmbind.processor.Sources.oneError;
import static dev.tvmbind.processor.Sources.oneWarning;
import static dev.tvmbind.processor.Sources.ANNOTATION_LINE;
import static dev.tvmbind.processor.Sources.BODY_LINE;
import static dev.tvmbind.processor.Sources.compile;
import static dev.tvmbind.processor.Sources.model;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * README's "The naming rules javac enforces": warnings (warnings, strict mode, suppression) and the
 * processor's options.
 */
class WarningDiagnosticsTest {
    @Test
    void prefixInTheFutureCtypeNamespace() {
        JavaFileObject source = model("M", "@TvmModel(prefix = \"island\")", "@EntryPoint int run();");
        Compilation c = compile(source);
        assertThat(c).succeeded();
        assertThat(c).hadWarningContaining("[tvmbind:reserved-name] prefix 'island' gives every"
                + " function and struct tag, such as 'island_<model>_run', which matches 'is' or"
                + " 'to' followed by a lower-case letter, reserved by C11 7.31.2, <ctype.h>")
                .inFile(source).onLine(ANNOTATION_LINE);
        assertThat(c).hadWarningCount(1);
    }

    @Test
    void prefixWhoseMacrosAreErrnoNames() {
        JavaFileObject source = model("M", "@TvmModel(prefix = \"ethos\")", "@EntryPoint int run();");
        Compilation c = compile(source);
        assertThat(c).hadWarningContaining("[tvmbind:reserved-name] prefix 'ethos' gives every"
                + " macro, such as 'ETHOS_<MODEL>_WORKSPACE_SIZE', which matches 'E' followed by a"
                + " digit or an upper-case letter, reserved by C11 7.31.3, <errno.h>")
                .inFile(source).onLine(ANNOTATION_LINE);
    }

    @Test
    void functionEndingInPosixTypeSuffix() {
        JavaFileObject source = model("M", "@TvmModel", "@EntryPoint(\"size_t\") long size();");
        assertThat(oneWarning(compile(source))).hadWarningContaining("[tvmbind:reserved-name] function name of"
                + " size() gives function 'size_t', which matches a name ending in '_t', reserved"
                + " by POSIX.1-2017 2.2.2").inFile(source).onLine(BODY_LINE);
    }

    @Test
    void tensorEndingInPosixTypeSuffix() {
        JavaFileObject source = Sources.tensorModel("M", "@TvmModel", "\"x_t\"", "");
        assertThat(oneWarning(compile(source))).hadWarningContaining("[tvmbind:reserved-name] input name gives"
                + " struct member 'x_t'").inFile(source).onLine(BODY_LINE);
    }

    @Test
    void strictTurnsWarningsIntoErrors() {
        JavaFileObject source = model("M", "@TvmModel(prefix = \"island\")", "@EntryPoint int run();");
        Compilation c = compile(List.of("-Atvmbind.strict=true"), source);
        assertThat(c).hadErrorContaining("[tvmbind:reserved-name] prefix 'island'")
                .inFile(source).onLine(ANNOTATION_LINE);
    }

    @Test
    void suppressWarningsSilencesThem() {
        JavaFileObject source = model("M",
                "@SuppressWarnings(\"tvmbind\") @TvmModel(prefix = \"island\")",
                "@EntryPoint int run();");
        assertThat(compile(List.of("-Atvmbind.strict=true"), source)).succeededWithoutWarnings();
    }

    @Test
    void suppressWarningsDoesNotSilenceErrors() {
        JavaFileObject source = model("M", "@SuppressWarnings(\"tvmbind\") @TvmModel(prefix = \"_x\")",
                "@EntryPoint int run();");
        assertThat(oneError(compile(source))).hadErrorContaining("[tvmbind:reserved-identifier]");
    }

    @Test
    void externalNamesNotDistinctInTheirFirst31Characters() {
        JavaFileObject first = model("A", "@TvmModel(name = \"keyword_spotter_large_model_a\")",
                "@EntryPoint int run();");
        JavaFileObject second = model("B", "@TvmModel(name = \"keyword_spotter_large_model_b\")",
                "@EntryPoint int run();");
        Compilation c = compile(first, second);
        assertThat(c).succeeded();
        assertThat(c).hadWarningContaining("[tvmbind:significant-characters]"
                + " tvmgen_keyword_spotter_large_model_b_run and tvmgen_keyword_spotter_large_model_a_run are"
                + " not distinct in their first 31 characters").inFile(second).onLine(ANNOTATION_LINE);
        assertThat(c).hadWarningContaining("[tvmbind:significant-characters]"
                + " tvmgen_keyword_spotter_large_model_a_run and tvmgen_keyword_spotter_large_model_b_run")
                .inFile(first).onLine(ANNOTATION_LINE);
        assertThat(c).hadWarningCount(2);
    }

    @Test
    void significantCharactersWithinOneModel() {
        JavaFileObject source = model("M", "@TvmModel",
                "@EntryPoint int getTemperatureSensorCelsius();",
                "@EntryPoint int getTemperatureSensorFahrenheit();");
        Compilation c = compile(source);
        assertThat(c).hadWarningContaining("[tvmbind:significant-characters]"
                + " tvmgen_m_get_temperature_sensor_fahrenheit and tvmgen_m_get_temperature_sensor_celsius")
                .inFile(source).onLine(BODY_LINE + 1);
        assertThat(c).hadWarningCount(1);
    }

    @Test
    void significantCharactersOptionChangesOrDisablesTheLimit() {
        JavaFileObject source = model("M", "@TvmModel",
                "@EntryPoint int getTemperatureSensorCelsius();",
                "@EntryPoint int getTemperatureSensorFahrenheit();");
        assertThat(compile(List.of("-Atvmbind.significantChars=0"), source)).succeededWithoutWarnings();
        assertThat(compile(List.of("-Atvmbind.significantChars=63"), source)).succeededWithoutWarnings();
        assertThat(compile(List.of("-Atvmbind.significantChars=12"), source))
                .hadWarningContaining("not distinct in their first 12 characters");
    }

    @Test
    void prefixOption() {
        JavaFileObject source = model("M", "@TvmModel", "@EntryPoint int run();");
        Compilation c = compile(List.of("-Atvmbind.prefix=acme"), source);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedFile(javax.tools.StandardLocation.SOURCE_OUTPUT, "", "acme_m.h");
    }

    @Test
    void prefixWrittenInTheAnnotationWinsOverTheOption() {
        JavaFileObject source = model("M", "@TvmModel(prefix = \"fw\")", "@EntryPoint int run();");
        Compilation c = compile(List.of("-Atvmbind.prefix=acme"), source);
        assertThat(c).generatedFile(javax.tools.StandardLocation.SOURCE_OUTPUT, "", "fw_m.h");
    }

    @Test
    void invalidPrefixOptionIsReportedOnceWithoutAnElement() {
        JavaFileObject a = model("A", "@TvmModel", "@EntryPoint int run();");
        JavaFileObject b = model("B", "@TvmModel", "@EntryPoint int run();");
        Compilation c = compile(List.of("-Atvmbind.prefix=Acme"), a, b);
        assertThat(c).hadErrorContaining("[tvmbind:upper-case] prefix (from -Atvmbind.prefix)"
                + " 'Acme' has upper-case letters");
        assertThat(c).hadErrorCount(1);
        Diagnostic<?> error = c.errors().getFirst();
        assertEquals(null, error.getSource(), "an option has no source position");
    }

    @Test
    void aMistypedOptionIsAKeyedWarningNamingTheClosest() {
        JavaFileObject source = model("M", "@TvmModel", "@EntryPoint int run();");
        Compilation c = compile(List.of("-Atvmbind.prefx=acme"), source);
        assertThat(c).hadWarningContaining("[tvmbind:unknown-option] option -Atvmbind.prefx is not one"
                + " of tvmbind's, so it does nothing; did you mean -Atvmbind.prefix? (tvmbind's options:"
                + " tvmbind.headerDir tvmbind.prefix tvmbind.significantChars tvmbind.strict"
                + " tvmbind.tvmOutput tvmbind.tvmRuntime)");
        assertThat(c).hadWarningCount(2); // javac's own "not recognized" beside ours
        assertThat(c).generatedFile(javax.tools.StandardLocation.SOURCE_OUTPUT, "", "tvmgen_m.h");
        assertThat(compile(List.of("-Atvmbind.HeaderDir=x", "-Atvmbind.strict=true"), source))
                .hadErrorContaining("[tvmbind:unknown-option] option -Atvmbind.HeaderDir is not one of"
                        + " tvmbind's, so it does nothing; did you mean -Atvmbind.headerDir?");
    }

    @Test
    void invalidOptions() {
        JavaFileObject source = model("M", "@TvmModel", "@EntryPoint int run();");
        Compilation c = compile(List.of("-Atvmbind.significantChars=many",
                "-Atvmbind.strict=yes"), source);
        assertThat(c).hadErrorContaining("[tvmbind:invalid-option] option"
                + " -Atvmbind.significantChars=many is invalid");
        assertThat(c).hadErrorContaining("[tvmbind:invalid-option] option -Atvmbind.strict=yes");
    }
}
