package dev.tvmbind.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.DType;
import dev.tvmbind.runtime.ModelInfo;
import dev.tvmbind.runtime.TensorInfo;
import dev.tvmbind.runtime.internal.Descriptions;
import dev.tvmbind.runtime.TvmExecutor;
import dev.tvmbind.runtime.TvmLibrary;
import dev.tvmbind.runtime.TvmModels;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The examples' native results, computed by gcc-built C, against their Java references. */
class ExamplesTest {
    static final Path LIBRARY = Path.of(System.getProperty("examples.library"));
    static final LineClassifier CLASSIFIER = LineClassifierBinding.load(LIBRARY);
    static final KeywordSpotter SPOTTER = TvmModels.load(KeywordSpotter.class, LIBRARY);
    static final AnomalyDetector DETECTOR = TvmModels.load(AnomalyDetector.class, LIBRARY);
    static final LineRuntime RUNTIME = LineRuntimeBinding.load(LIBRARY);

    @Test
    void lineClassifierMatchesItsReferenceOnRandomImages() {
        Random random = new Random(7);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment sram = arena.allocate(1216, 16);
            for (int n = 0; n < 200; n++) {
                float[] image = new float[64];
                for (int i = 0; i < image.length; i++) {
                    image[i] = random.nextFloat();
                }
                float[] scores = new float[3];
                assertEquals(0, CLASSIFIER.run(image, scores, sram));
                assertClose(References.lineClassifier(image), scores);
            }
        }
    }

    @Test
    void lineClassifierTellsStrokesApart() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment sram = arena.allocate(1216, 16);
            assertEquals("horizontal", classify(Samples.images().get("horizontal bar"), sram));
            assertEquals("vertical", classify(Samples.images().get("vertical bar"), sram));
            assertEquals("diagonal", classify(Samples.images().get("diagonal"), sram));
            assertEquals("horizontal", classify(Samples.images().get("faint horizontal"), sram));
        }
    }

    @Test
    void theClassifierDescribesItsTensorsAndRefusesAnImageOfAnotherShape() {
        TensorInfo image = TvmModels.info(LineClassifier.class).inputs().getFirst();
        assertEquals(Descriptions.input("serving_default_image:0", "image", "float[]")
                .member("serving_default_image_0")
                .dtype(DType.FLOAT32).shape(1, 8, 8, 1).bytes(256).build(), image);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment sram = arena.allocate(1216, 16);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> CLASSIFIER.run(new float[65], new float[3], sram));
            assertEquals("input 'serving_default_image:0' (image) holds 256 bytes (float32 [1, 8,"
                    + " 8, 1], 64 elements); the float[] has 65 elements, 260 bytes",
                    e.getMessage());
        }
    }

    @Test
    void keywordSpotterMatchesItsReference() {
        Random random = new Random(11);
        for (int n = 0; n < 200; n++) {
            float[] energy = new float[32];
            for (int i = 0; i < energy.length; i++) {
                energy[i] = random.nextFloat() * (n % 3 == 0 ? 0.01f : 1f);
            }
            float[] scores = new float[4];
            SPOTTER.spot(energy, scores);
            assertClose(References.keywordSpotter(energy), scores);
        }
        assertEquals("silence", spot("quiet room"));
        assertEquals("yes", spot("rising tone"));
        assertEquals("no", spot("falling tone"));
        assertEquals("noise", spot("fan hum"));
    }

    @Test
    void bothModelsOfTheLibraryRunByNameAsTheyDoTyped() {
        try (TvmLibrary models = TvmLibrary.open(LIBRARY)) {
            assertEquals(List.of("acme_kws", "fw_anomaly_detector", "fw_line_classifier",
                    "fw_line_runtime"), models.models().stream().map(ModelInfo::cName).toList());
            TvmExecutor kws = models.executor("kws");
            TvmExecutor anomaly = models.executor("anomaly_detector");
            Random random = new Random(17);
            for (int n = 0; n < 50; n++) {
                float[] energy = new float[32];
                float[] signal = new float[16];
                for (int i = 0; i < energy.length; i++) {
                    energy[i] = random.nextFloat();
                }
                for (int i = 0; i < signal.length; i++) {
                    signal[i] = (float) random.nextGaussian();
                }
                float[] typed = new float[4];
                SPOTTER.spot(energy, typed);
                kws.setInput("spectrogram", energy);
                kws.run();
                float[] byName = new float[4];
                kws.getOutput("scores", byName);
                assertArrayEquals(typed, byName);

                float[] score = new float[1];
                DETECTOR.score(signal, score);
                anomaly.setInput("signal", signal);
                anomaly.run();
                assertEquals(score[0], anomaly.output("score").get(ValueLayout.JAVA_FLOAT, 0));
            }
        }
    }

    @Test
    void anomalyDetectorMatchesItsReference() {
        Random random = new Random(13);
        for (int n = 0; n < 200; n++) {
            float[] signal = new float[16];
            for (int i = 0; i < signal.length; i++) {
                signal[i] = (float) random.nextGaussian();
            }
            float[] score = new float[1];
            DETECTOR.score(signal, score);
            float expected = References.anomalyDetector(signal);
            assertEquals(expected, score[0], 1e-5f * Math.max(1, expected));
        }
        assertTrue(score("slow drift") < 0.05f);
        assertTrue(score("one slow cycle") < 0.05f);
        assertTrue(score("spike at sample 9") > 0.05f);
        assertTrue(score("rattle") > 0.05f);
    }

    @Test
    void moduleStyleRuntimeRunsTheSameModel() {
        assertEquals(1, RUNTIME.getNumInputs());
        assertEquals(0, RUNTIME.getInputIndex("serving_default_image:0"));
        assertEquals(-1, RUNTIME.getInputIndex("serving_default_image"));
        try (Arena arena = Arena.ofConfined()) {
            float[] image = Samples.images().get("vertical bar");
            assertEquals(-1, RUNTIME.setInput(1, arena.allocateFrom(ValueLayout.JAVA_FLOAT, image)));
            assertEquals(0, RUNTIME.setInput(0, arena.allocateFrom(ValueLayout.JAVA_FLOAT, image)));
            assertEquals(0, RUNTIME.run());
            MemorySegment output = arena.allocate(12);
            assertEquals(0, RUNTIME.getOutput(0, output));
            assertClose(References.lineClassifier(image), output.toArray(ValueLayout.JAVA_FLOAT));
        }
    }

    @Test
    void twoModelsShareOneLibraryUnderTheirOwnPrefixes() {
        assertEquals("acme_kws_run", KeywordSpotterBinding.SYMBOL_RUN);
        assertEquals("fw_anomaly_detector_run", AnomalyDetectorBinding.SYMBOL_RUN);
        assertEquals("fw_line_classifier.h", LineClassifierBinding.HEADER);
    }

    @Test
    void mainFindsTheLibraryInTheClassPath() throws java.io.IOException {
        Path copy = dev.tvmbind.runtime.ClassPathLibrary.extract("examples");
        assertTrue(java.util.Arrays.equals(java.nio.file.Files.readAllBytes(LIBRARY),
                java.nio.file.Files.readAllBytes(copy)), copy + " is not " + LIBRARY);
    }

    @Test
    void readmeShowsTheHeaderThisBuildGenerates() throws java.io.IOException {
        Path generated = Path.of(System.getProperty("examples.include"))
                .resolve(LineClassifierBinding.HEADER);
        String readme = java.nio.file.Files.readString(Path.of(System.getProperty("examples.readme")));
        String header = java.nio.file.Files.readString(generated);
        assertTrue(readme.contains("```c\n" + header + "```"), "README.md shows " + generated);
    }

    private static String classify(float[] image, MemorySegment sram) {
        float[] scores = new float[3];
        CLASSIFIER.run(image, scores, sram);
        return LineClassifier.LABELS.get(argmax(scores));
    }

    private static String spot(String sound) {
        float[] scores = new float[4];
        SPOTTER.spot(Samples.spectrograms().get(sound), scores);
        return KeywordSpotter.LABELS.get(argmax(scores));
    }

    private static float score(String signal) {
        float[] score = new float[1];
        DETECTOR.score(Samples.signals().get(signal), score);
        return score[0];
    }

    private static int argmax(float[] values) {
        int best = 0;
        for (int k = 1; k < values.length; k++) {
            best = values[k] > values[best] ? k : best;
        }
        return best;
    }

    private static void assertClose(float[] expected, float[] actual) {
        assertEquals(expected.length, actual.length);
        for (int k = 0; k < expected.length; k++) {
            assertEquals(expected[k], actual[k], 1e-5f, "score " + k);
        }
    }
}
