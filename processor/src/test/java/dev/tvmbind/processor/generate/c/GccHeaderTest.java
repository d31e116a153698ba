package dev.tvmbind.processor.generate.c;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.processor.testing.Gcc;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * gcc and g++ compile every generated header under every standard README's "What is generated"
 * names, alone (twice, to
 * test the include guard) and all together, with warnings as errors; and the header binds the
 * native side: an implementation with another signature does not compile.
 */
class GccHeaderTest {
    @TempDir static Path dir;
    static Map<String, String> headers;

    @BeforeAll
    static void writeHeaders() throws IOException {
        headers = GoldenHeaderTest.allHeaders();
        for (Map.Entry<String, String> header : headers.entrySet()) {
            Files.writeString(dir.resolve(header.getKey()), header.getValue());
        }
    }

    static Stream<String> standards() {
        return Stream.concat(Gcc.C_STANDARDS.stream(), Gcc.CXX_STANDARDS.stream());
    }

    @ParameterizedTest(name = "-std={0}")
    @MethodSource("standards")
    void eachHeaderAloneAndAllTogether(String standard) throws IOException {
        List<String> failures = new ArrayList<>();
        for (String header : headers.keySet()) {
            Path unit = unit(standard, header, "#include \"" + header + "\"\n#include \"" + header
                    + "\"\n");
            Gcc.Result result = Gcc.check(dir, standard, unit);
            if (!result.ok()) {
                failures.add(header + ":\n" + result.output());
            }
        }
        StringBuilder all = new StringBuilder();
        headers.keySet().forEach(h -> all.append("#include \"").append(h).append("\"\n"));
        Gcc.Result together = Gcc.check(dir, standard, unit(standard, "all", all.toString()));
        if (!together.ok()) {
            failures.add("all together:\n" + together.output());
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @Test
    void implementationOfThePrototypesCompiles() throws IOException {
        Path impl = Files.writeString(dir.resolve("impl.c"), """
                #include "fw_runtime.h"
                int32_t fw_runtime_get_num_inputs(void) { return 1; }
                int32_t fw_runtime_get_input_index(const char* name) { return name[0] == 'x' ? 0 : -1; }
                int32_t fw_runtime_set_input(int32_t index, void* data) { return index + (data != 0); }
                int32_t fw_runtime_run(void) { return 0; }
                int32_t fw_runtime_get_output(int32_t index, void* data) { return index + (data != 0); }
                """);
        Gcc.Result result = Gcc.check(dir, "c11", impl);
        assertTrue(result.ok(), result.output());
    }

    @Test
    void implementationOfTheRunFunctionCompiles() throws IOException {
        Path impl = Files.writeString(dir.resolve("run.c"), """
                #include "tvmgen_pooled.h"
                int32_t tvmgen_pooled_run(struct tvmgen_pooled_inputs* inputs,
                                          struct tvmgen_pooled_outputs* outputs,
                                          struct tvmgen_pooled_workspace_pools* workspace_pools,
                                          struct tvmgen_pooled_devices* devices) {
                    (void) devices;
                    return inputs->in != outputs->out && workspace_pools->sram != 0 ? 0 : -1;
                }
                """);
        Gcc.Result result = Gcc.check(dir, "c99", impl);
        assertTrue(result.ok(), result.output());
    }

    @Test
    void implementationWithAnotherSignatureDoesNotCompile() throws IOException {
        Path impl = Files.writeString(dir.resolve("wrong.c"), """
                #include "fw_runtime.h"
                int64_t fw_runtime_set_input(int32_t index, void* data) { return index + (data != 0); }
                """);
        Gcc.Result result = Gcc.check(dir, "c11", impl);
        assertFalse(result.ok(), "a mismatched definition must not compile");
        assertTrue(result.output().contains("conflicting types for 'fw_runtime_set_input'"),
                result.output());
    }

    @Test
    void runFunctionWithStructsInAnotherOrderDoesNotCompile() throws IOException {
        Path impl = Files.writeString(dir.resolve("swapped.c"), """
                #include "tvmgen_on_npu.h"
                int32_t tvmgen_on_npu_run(struct tvmgen_on_npu_outputs* outputs,
                                          struct tvmgen_on_npu_inputs* inputs,
                                          struct tvmgen_on_npu_devices* devices) {
                    (void) outputs; (void) inputs; (void) devices;
                    return 0;
                }
                """);
        Gcc.Result gcc = Gcc.check(dir, "c11", impl);
        assertFalse(gcc.ok());
        // For the reason the header exists: the prototype disagrees with the declaration.
        assertTrue(gcc.output().contains("error: conflicting types for 'tvmgen_on_npu_run'"),
                gcc.output());
    }

    private static Path unit(String standard, String name, String text) throws IOException {
        String extension = standard.startsWith("c++") ? ".cc" : ".c";
        String file = "unit_" + standard.replace("+", "x") + "_" + name.replace('.', '_') + extension;
        return Files.writeString(dir.resolve(file), text);
    }
}
