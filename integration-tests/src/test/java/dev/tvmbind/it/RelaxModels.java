package dev.tvmbind.it;

import com.google.gson.Gson;
import dev.tvmbind.DType;
import dev.tvmbind.check.testing.Wheels;
import dev.tvmbind.runtime.ffi.Tensor;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The models of {@code src/test/python/relax_models.py}, compiled by the pinned apache-tvm, with
 * TVM's Python VM's outputs: made once per script and pins, kept beside the pins' environment.
 */
final class RelaxModels {
    private RelaxModels() {}

    record Described(String file, String dtype, long[] shape, int[] path) {}

    record Call(String function, List<Described> inputs, List<Described> outputs) {}

    record Model(String name, String library, List<Call> calls) {}

    record Manifest(List<Model> models) {}

    private static Path directory;
    private static Manifest manifest;

    /** The folder of the set, made on first use. */
    static synchronized Path directory() throws Exception {
        if (directory == null) {
            Path script = Path.of("src/test/python/relax_models.py");
            Path environment = Wheels.environment(Wheels.Pins.CURRENT);
            String key = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(Files.readAllBytes(script))).substring(0, 16);
            Path made = environment.resolve("relax-models").resolve(key);
            if (!Files.exists(made.resolve("manifest.json"))) {
                run(List.of(Wheels.python(environment).toString(), script.toString(),
                        made.toString()));
            }
            manifest = new Gson().fromJson(Files.readString(made.resolve("manifest.json")),
                    Manifest.class);
            directory = made;
        }
        return directory;
    }

    static Manifest manifest() throws Exception {
        directory();
        return manifest;
    }

    static Path library(String model) throws Exception {
        return directory().resolve(model + ".so");
    }

    static Model model(String name) throws Exception {
        return manifest().models().stream().filter(m -> m.name().equals(name)).findFirst()
                .orElseThrow();
    }

    /** A described input as a tensor over {@code arena}'s copy of its bytes. */
    static Tensor tensor(Described input, Arena arena) throws Exception {
        byte[] bytes = Files.readAllBytes(directory().resolve(input.file()));
        return Tensor.of(arena.allocateFrom(ValueLayout.JAVA_BYTE, bytes),
                DType.of(input.dtype()).orElseThrow(), input.shape());
    }

    static byte[] bytes(Described output) throws Exception {
        return Files.readAllBytes(directory().resolve(output.file()));
    }

    /** The site-packages of the pins' apache-tvm: what -Dtvmbind.tvmRuntime names. */
    static Path sitePackages() {
        return Wheels.tvm().getParent();
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(),
                StandardCharsets.UTF_8);
        if (!process.waitFor(300, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException(command + " failed: " + output);
        }
    }
}
