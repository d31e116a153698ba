package dev.tvmbind.examples;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.Input;
import dev.tvmbind.Output;
import dev.tvmbind.TvmModel;
import java.lang.foreign.MemorySegment;

/** The model of TVM's own interface tests, as a tvmbind interface. */
@TvmModel(name = "ultimate_cat_spotter", workspaceSize = 765432)
public interface CatSpotter {
    /**
     * Classifies one image.
     *
     * @param image the image, 32 x 32 RGB bytes
     * @param scores the score of each class
     */
    @EntryPoint
    void run(@Input(value = "input", size = 3072) MemorySegment image,
             @Output(value = "output", size = 8) float[] scores);
}
