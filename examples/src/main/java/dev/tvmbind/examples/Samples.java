package dev.tvmbind.examples;

import java.util.LinkedHashMap;
import java.util.Map;

/** Inputs the examples show, with what a person would call them. */
public final class Samples {
    private Samples() {}

    /** 8x8 images of strokes, named by what they show. */
    public static Map<String, float[]> images() {
        Map<String, float[]> images = new LinkedHashMap<>();
        images.put("horizontal bar", draw((y, x) -> y == 3 ? 1 : 0));
        images.put("vertical bar", draw((y, x) -> x == 5 ? 1 : 0));
        images.put("diagonal", draw((y, x) -> x == y ? 1 : 0));
        images.put("faint horizontal", draw((y, x) -> y == 6 && x > 0 ? 0.4f : 0.05f));
        images.put("plus sign", draw((y, x) -> y == 4 || x == 4 ? 1 : 0));
        return images;
    }

    /** 8 frames x 4 bands of energy. */
    public static Map<String, float[]> spectrograms() {
        Map<String, float[]> sounds = new LinkedHashMap<>();
        sounds.put("quiet room", spectrogram((f, b) -> 0.002f * (b + 1)));
        sounds.put("rising tone", spectrogram((f, b) -> b == f / 2 ? 0.8f : 0.05f));
        sounds.put("falling tone", spectrogram((f, b) -> b == 3 - f / 2 ? 0.8f : 0.05f));
        sounds.put("fan hum", spectrogram((f, b) -> 0.5f + 0.02f * ((f * 7 + b * 3) % 5)));
        return sounds;
    }

    /** 16 sensor samples. */
    public static Map<String, float[]> signals() {
        Map<String, float[]> signals = new LinkedHashMap<>();
        signals.put("slow drift", signal(n -> 20 + 0.3f * n));
        signals.put("one slow cycle", signal(n -> (float) Math.sin(2 * Math.PI * n / 16)));
        signals.put("spike at sample 9", signal(n -> n == 9 ? 4 : 0.1f));
        signals.put("rattle", signal(n -> n % 2 == 0 ? 1 : -1));
        return signals;
    }

    private interface Pixel {
        float at(int y, int x);
    }

    private static float[] draw(Pixel pixel) {
        float[] image = new float[64];
        for (int y = 0; y < 8; y++) {
            for (int x = 0; x < 8; x++) {
                image[y * 8 + x] = pixel.at(y, x);
            }
        }
        return image;
    }

    private static float[] spectrogram(Pixel energy) {
        float[] frames = new float[32];
        for (int f = 0; f < 8; f++) {
            for (int b = 0; b < 4; b++) {
                frames[f * 4 + b] = energy.at(f, b);
            }
        }
        return frames;
    }

    private interface Sample {
        float at(int n);
    }

    private static float[] signal(Sample sample) {
        float[] signal = new float[16];
        for (int n = 0; n < 16; n++) {
            signal[n] = sample.at(n);
        }
        return signal;
    }
}
