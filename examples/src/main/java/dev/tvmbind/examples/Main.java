package dev.tvmbind.examples;

import dev.tvmbind.runtime.ClassPathLibrary;
import dev.tvmbind.runtime.ModelInfo;
import dev.tvmbind.runtime.TensorInfo;
import dev.tvmbind.runtime.TvmExecutor;
import dev.tvmbind.runtime.TvmLibrary;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs the examples against the library gcc built from {@code src/main/c} into the classes, loaded
 * from the class path as {@code ClassPathLibrary} loads a TVM model's: each model computes in
 * C, is called through its generated binding, and is checked against its Java reference.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        // The library gcc built into the classes (native/<os>-<arch>/), or one named.
        Path library = args.length > 0 ? Path.of(args[0]) : ClassPathLibrary.extract("examples");
        System.out.println("tvmbind examples: C built by gcc from the generated headers, called"
                + " through the generated FFM bindings (" + library.getFileName() + ")");

        LineClassifier classifier = LineClassifierBinding.load(library);
        System.out.println();
        System.out.println("1. " + LineClassifierBinding.SYMBOL_RUN + " (a conv net, 4,755 weights,"
                + " activations in a workspace pool)");
        describe(LineClassifierBinding.INFO);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment sram = arena.allocate(1216, 16);
            for (Map.Entry<String, float[]> image : Samples.images().entrySet()) {
                float[] scores = new float[3];
                classifier.run(image.getValue(), scores, sram);
                report(image.getKey(), LineClassifier.LABELS, scores,
                        References.lineClassifier(image.getValue()));
            }
        }

        System.out.println();
        System.out.println("2. Two models in one library ("
                + KeywordSpotterBinding.SYMBOL_RUN + ", " + AnomalyDetectorBinding.SYMBOL_RUN
                + "), opened once: each called typed and by name");
        try (TvmLibrary models = TvmLibrary.open(library)) {
            System.out.println("   the library holds " + models.models().stream()
                    .map(ModelInfo::cName).toList());
            KeywordSpotter spotter = models.model(KeywordSpotter.class);
            TvmExecutor kws = models.executor("kws"); // the one model "kws" here: acme_kws
            for (Map.Entry<String, float[]> sound : Samples.spectrograms().entrySet()) {
                float[] scores = new float[4];
                spotter.spot(sound.getValue(), scores);
                report(sound.getKey(), KeywordSpotter.LABELS, scores,
                        References.keywordSpotter(sound.getValue()));
                kws.setInput("spectrogram", sound.getValue());
                kws.run();
                float[] byName = new float[4];
                kws.getOutput("scores", byName);
                System.out.println("   " + " ".repeat(20) + "    by name: "
                        + (Arrays.equals(scores, byName) ? "the same scores" : "DIFFERENT scores "
                                + Arrays.toString(byName)));
            }
            AnomalyDetector detector = models.model(AnomalyDetector.class);
            TvmExecutor anomaly = models.executor("fw_anomaly_detector"); // the full name
            for (Map.Entry<String, float[]> signal : Samples.signals().entrySet()) {
                float[] score = new float[1];
                detector.score(signal.getValue(), score);
                anomaly.setInput("signal", signal.getValue());
                anomaly.run();
                float byName = anomaly.output("score").get(ValueLayout.JAVA_FLOAT, 0);
                float expected = References.anomalyDetector(signal.getValue());
                System.out.printf("   %-20s -> anomaly score %8.4f %-9s %s, by name %s%n",
                        signal.getKey(), score[0], score[0] > 0.05f ? "ANOMALY" : "normal",
                        agreement(score[0], expected), byName == score[0] ? "the same" : "DIFFERENT");
            }
        }

        System.out.println();
        System.out.println("3. A module-style runtime of plain C functions (fw_line_runtime_*)");
        LineRuntime runtime = LineRuntimeBinding.load(library);
        try (Arena arena = Arena.ofConfined()) {
            int index = runtime.getInputIndex("serving_default_image:0");
            System.out.printf("   get_num_inputs() = %d, get_input_index(\"serving_default_image:0\") = %d,"
                    + " get_input_index(\"nope\") = %d%n", runtime.getNumInputs(), index,
                    runtime.getInputIndex("nope"));
            float[] image = Samples.images().get("diagonal");
            runtime.setInput(index, arena.allocateFrom(ValueLayout.JAVA_FLOAT, image));
            int status = runtime.run();
            MemorySegment output = arena.allocate(12);
            runtime.getOutput(0, output);
            float[] scores = output.toArray(ValueLayout.JAVA_FLOAT);
            System.out.printf("   set_input, run (status %d), get_output:%n", status);
            report("diagonal", LineClassifier.LABELS, scores, References.lineClassifier(image));
        }

        System.out.println();
        System.out.println("4. A thread pool over private copies (TvmLibrary.open(library, 2))");
        inParallel(library);

        System.out.println();
        System.out.println("5. A Relax model (TVM 0.27), exported by src/main/python/line_templates.py"
                + " and called through the interface tvmbind describe wrote: 5 images, one batch");
        Path wheels = Path.of("target/relax/wheels.properties");
        try {
            RelaxExample.run(wheels, Path.of("target/relax/line_templates.so").toAbsolutePath());
            System.out.println();
            System.out.println("6. A library of tvm-ffi functions (src/main/cpp/image_kernels.cc,"
                    + " C++ against the header javac generated), built by g++ against the wheel");
            FfiExample.run(wheels, Path.of("target/ffi/libimage_kernels.so").toAbsolutePath());
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A server's use: four threads share one binding over two private copies of the library, so
     * two runs execute at once (runs of one copy wait for each other: TVM's workspace is static).
     */
    private static void inParallel(Path library) {
        try (TvmLibrary copies = TvmLibrary.open(library, 2);
                ExecutorService pool = Executors.newFixedThreadPool(4)) {
            KeywordSpotter spotter = copies.model(KeywordSpotter.class);
            List<Future<Boolean>> agree = new ArrayList<>();
            for (float[] sound : Samples.spectrograms().values()) {
                float[] alone = new float[4];
                spotter.spot(sound, alone);
                for (int call = 0; call < 100; call++) {
                    agree.add(pool.submit(() -> {
                        float[] scores = new float[4];
                        spotter.spot(sound, scores);
                        return Arrays.equals(scores, alone);
                    }));
                }
            }
            long same = 0;
            for (Future<Boolean> result : agree) {
                same += result.get() ? 1 : 0;
            }
            System.out.printf("   %d calls on 4 threads over 2 private copies: %d give a lone caller's"
                    + " scores%n", agree.size(), same);
        } catch (InterruptedException | ExecutionException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What the interface says of each tensor, as one would inspect a model before feeding it. */
    private static void describe(ModelInfo info) {
        for (TensorInfo input : info.inputs()) {
            System.out.println("   input  " + tensor(input));
        }
        for (TensorInfo output : info.outputs()) {
            System.out.println("   output " + tensor(output));
        }
        for (TensorInfo pool : info.workspacePools()) {
            System.out.println("   pool   " + tensor(pool));
        }
    }

    private static String tensor(TensorInfo tensor) {
        return String.format("%-26s %-8s %-14s %5s bytes", tensor.name(),
                tensor.dtype().map(Object::toString).orElse("-"),
                tensor.shape().map(Object::toString).orElse("-"),
                tensor.bytes().isPresent() ? String.valueOf(tensor.bytes().getAsLong()) : "?");
    }

    static void report(String name, List<String> labels, float[] scores, float[] expected) {
        int best = 0;
        float worst = 0;
        for (int k = 0; k < scores.length; k++) {
            best = scores[k] > scores[best] ? k : best;
            worst = Math.max(worst, Math.abs(scores[k] - expected[k]));
        }
        StringBuilder all = new StringBuilder();
        for (int k = 0; k < scores.length; k++) {
            all.append(k == 0 ? "" : " ").append(String.format("%s %.2f", labels.get(k), scores[k]));
        }
        System.out.printf("   %-20s -> %-10s (%s) %s%n", name, labels.get(best), all,
                worst <= 1e-5f ? "= Java reference" : "DIFFERS from Java reference by " + worst);
    }

    private static String agreement(float actual, float expected) {
        return Math.abs(actual - expected) <= 1e-5f * Math.max(1, Math.abs(expected))
                ? "= Java reference" : "DIFFERS from Java reference: " + expected;
    }
}
