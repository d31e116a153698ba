package dev.tvmbind.examples;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.Input;
import dev.tvmbind.Output;
import dev.tvmbind.TvmModel;
import java.util.List;

/**
 * A keyword spotter from firmware that uses its own prefix: its C function is
 * {@code acme_kws_run}. It lives in one library with {@link AnomalyDetector}.
 */
@TvmModel(name = "kws", prefix = "acme")
public interface KeywordSpotter {
    /** The classes, in the order of the scores. */
    List<String> LABELS = List.of("silence", "noise", "yes", "no");

    /**
     * Scores 8 frames of 4 frequency bands' energy.
     *
     * @param spectrogram the energies, frame by frame
     * @param scores the probability of each of {@link #LABELS}
     */
    @EntryPoint
    void spot(@Input(value = "spectrogram", shape = {1, 8, 4}) float[] spectrogram,
              @Output(value = "scores", shape = {1, 4}) float[] scores);
}
