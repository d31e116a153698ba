package dev.tvmbind.examples;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.Input;
import dev.tvmbind.Output;
import dev.tvmbind.TvmModel;

/**
 * An autoencoder that scores how unusual 16 sensor samples are: {@code fw_anomaly_detector_run},
 * with the build's prefix.
 */
@TvmModel
public interface AnomalyDetector {
    /**
     * Scores one window of samples.
     *
     * @param signal 16 samples
     * @param score the mean squared reconstruction error: near 0 for smooth signals
     */
    @EntryPoint
    void score(@Input(value = "signal", shape = {1, 16}) float[] signal,
               @Output(value = "score", shape = {1}) float[] score);
}
