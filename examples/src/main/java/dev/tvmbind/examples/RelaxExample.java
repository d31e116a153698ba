package dev.tvmbind.examples;

import dev.tvmbind.DType;
import dev.tvmbind.runtime.ffi.Tensor;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The Relax example: {@code src/main/python/line_templates.py} exports a model with the pinned
 * apache-tvm (as an ML team would), and {@link LineTemplates}, the interface {@code tvmbind
 * describe} wrote from that library, calls it: the five images in one batch ({@code n} = 5).
 * Where the wheels cannot be had it says so and is skipped.
 */
final class RelaxExample {
    private RelaxExample() {}

    static final List<String> LABELS = List.of("horizontal", "vertical", "diagonal");

    /**
     * @param wheels the file the build wrote: the wheels' {@code sitePackages} and {@code
     *     python}, or why they were {@code skipped}
     * @param library where the model is exported to
     */
    static void run(Path wheels, Path library) throws IOException, InterruptedException {
        Optional<Properties> found = PinnedWheels.read(wheels);
        if (found.isEmpty()) {
            return;
        }
        Properties environment = found.get();
        String sitePackages = environment.getProperty("sitePackages");
        String python = environment.getProperty("python");
        Process export = new ProcessBuilder(python, "src/main/python/line_templates.py",
                library.toString()).inheritIO().start();
        if (export.waitFor() != 0) {
            throw new IllegalStateException("line_templates.py failed: " + export.exitValue());
        }
        System.setProperty("tvmbind.tvmRuntime", sitePackages);
        Map<String, float[]> images = Samples.images();
        float[] batch = new float[images.size() * 64];
        int row = 0;
        for (float[] image : images.values()) {
            System.arraycopy(image, 0, batch, 64 * row++, 64);
        }
        try (LineTemplates model = LineTemplatesBinding.load(library);
                Arena arena = Arena.ofConfined();
                Tensor input = Tensor.of(arena.allocateFrom(ValueLayout.JAVA_FLOAT, batch),
                        DType.FLOAT32, images.size(), 64);
                Tensor scores = model.classify(input)) {
            float[] all = scores.data().toArray(ValueLayout.JAVA_FLOAT);
            row = 0;
            for (Map.Entry<String, float[]> image : images.entrySet()) {
                float[] own = new float[3];
                System.arraycopy(all, 3 * row++, own, 0, 3);
                Main.report(image.getKey(), LABELS, own, References.lineTemplates(image.getValue()));
            }
        }
    }
}
