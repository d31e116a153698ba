package dev.tvmbind.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.processor.testing.Gcc;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real TVM model built as a user builds it: the interface compiled with
 * {@code -Atvmbind.tvmOutput=tree} (its header must equal TVM's), and TVM's generated C linked by
 * gcc into a shared library, with tvmbind's header first on the include path.
 */
final class RealTvmBuild {
    /** The compiled interface, and the shared library of TVM's C. */
    record Built(Class<?> model, Path library) {}

    private RealTvmBuild() {}

    static Built build(Path dir, Path tree, String name, String source, List<String> options,
            List<String> gccExtra) throws Exception {
        Path file = RealJavac.write(dir, "real/" + name + ".java", source);
        List<String> javacOptions = new ArrayList<>(options);
        javacOptions.add("-Atvmbind.tvmOutput=" + tree);
        RealJavac.Result compiled = RealJavac.compile(dir, javacOptions, List.of(file));
        assertTrue(compiled.success(), compiled.diagnostics().toString());
        Path header = compiled.sourceOutput().resolve("tvmgen_default.h");
        // Byte for byte but for blanks at line ends, which the sine tree's repository stripped.
        assertEquals(Files.readString(tree.resolve("codegen/host/include/tvmgen_default.h"))
                        .replaceAll(" +\n", "\n"),
                Files.readString(header).replaceAll(" +\n", "\n"), "tvmbind's header is TVM's");
        // A new file each time: the dynamic loader gives back a library it has loaded by its path.
        Path library = Files.createTempFile(dir, "lib" + name, ".so");
        List<String> args = new ArrayList<>(List.of("-O2", "-shared", "-fPIC",
                "-I", compiled.sourceOutput().toString(), "-I", tree.resolve("runtime/include").toString(),
                "-o", library.toString()));
        try (var sources = Files.list(tree.resolve("codegen/host/src"))) {
            sources.filter(f -> f.toString().endsWith(".c")).sorted().forEach(f -> args.add(f.toString()));
        }
        args.addAll(gccExtra);
        args.add("-lm");
        Gcc.Result gcc = Gcc.run(dir, "gcc", args);
        assertTrue(gcc.ok(), gcc.output());
        URLClassLoader loader = new URLClassLoader(new URL[] {compiled.classOutput().toUri().toURL()},
                RealTvmBuild.class.getClassLoader());
        return new Built(loader.loadClass("real." + name), library);
    }

    /** The keyword spotter's 25 sample inputs (its {@code samples/}), 490 bytes each. */
    static List<byte[]> awwInputs(Path aww) throws IOException {
        return arrays(Files.readString(aww.resolve("samples/aww_input_data.cc")), "aww_input_data_\\d+");
    }

    /** The class the reference gives each sample. */
    static byte[] awwClasses(Path aww) throws IOException {
        return arrays(Files.readString(aww.resolve("samples/aww_output_data_ref.cc")),
                "aww_output_data_ref").getFirst();
    }

    /** The index of the highest score. */
    static int argMax(byte[] scores) {
        int best = 0;
        for (int k = 1; k < scores.length; k++) {
            best = scores[k] > scores[best] ? k : best;
        }
        return best;
    }

    /** tvmbind's platform functions ({@code platform/tvmbind_platform.c}). */
    static Path platform() {
        return Path.of("../platform/tvmbind_platform.c").toAbsolutePath().normalize();
    }

    private static final Pattern ARRAY = Pattern.compile("const uint8_t (\\w+)\\[\\] = \\{([^}]*)\\}");

    /** The {@code const uint8_t name[] = {...}} arrays of a C source whose names match, in order. */
    static List<byte[]> arrays(String source, String names) {
        List<byte[]> arrays = new ArrayList<>();
        Matcher array = ARRAY.matcher(source);
        while (array.find()) {
            if (array.group(1).matches(names)) {
                String[] values = array.group(2).trim().split("\\s*,\\s*");
                byte[] bytes = new byte[values.length];
                for (int i = 0; i < values.length; i++) {
                    bytes[i] = (byte) Integer.decode(values[i].trim()).intValue();
                }
                arrays.add(bytes);
            }
        }
        return arrays;
    }
}
