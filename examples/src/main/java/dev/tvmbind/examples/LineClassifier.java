package dev.tvmbind.examples;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.Input;
import dev.tvmbind.Output;
import dev.tvmbind.TvmModel;
import dev.tvmbind.WorkspacePool;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * A small convolutional network that tells horizontal, vertical and diagonal strokes apart in an
 * 8x8 grayscale image, compiled TVM-style to C ({@code src/main/c/line_classifier.c}). Its prefix
 * comes from the build ({@code -Atvmbind.prefix=fw}): the C function is
 * {@code fw_line_classifier_run}.
 */
@TvmModel(name = "line_classifier")
public interface LineClassifier {
    /** The classes, in the order of the scores. */
    List<String> LABELS = List.of("horizontal", "vertical", "diagonal");

    /**
     * Classifies one image.
     *
     * @param image 64 pixels, row by row, 0 (dark) to 1 (bright)
     * @param scores the probability of each of {@link #LABELS}
     * @param sram scratch memory for the activations, 1216 bytes
     * @return the status, 0 on success
     */
    @EntryPoint
    int run(@Input(value = "serving_default_image:0", shape = {1, 8, 8, 1}) float[] image,
            @Output(value = "StatefulPartitionedCall:0", shape = {1, 3}) float[] scores,
            @WorkspacePool(value = "sram", size = 1216) MemorySegment sram);
}
