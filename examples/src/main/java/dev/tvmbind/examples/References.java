package dev.tvmbind.examples;

/**
 * The example models in plain Java, operation for operation as their C code: what the tests
 * hold the native results against.
 */
public final class References {
    private References() {}

    private static final float[][][] DETECTORS = {
        {{-1, -1, -1}, {2, 2, 2}, {-1, -1, -1}},
        {{-1, 2, -1}, {-1, 2, -1}, {-1, 2, -1}},
        {{2, -1, -1}, {-1, 2, -1}, {-1, -1, 2}},
    };

    /** {@link ImageKernels#mean}: the mean of the pixels, in double. */
    public static double mean(float[] image) {
        double sum = 0;
        for (float pixel : image) {
            sum += pixel;
        }
        return sum / image.length;
    }

    /** {@link ImageKernels#threshold}: how many pixels are at or above {@code level}. */
    public static long lit(float[] image, float level) {
        long lit = 0;
        for (float pixel : image) {
            lit += pixel >= level ? 1 : 0;
        }
        return lit;
    }

    /** {@link LineTemplates}: softmax(4 x T) over the stroke templates of line_templates.py. */
    public static float[] lineTemplates(float[] image) {
        double[] logits = new double[3];
        for (int i = 0; i < 8; i++) {
            logits[0] += 4 * image[3 * 8 + i];
            logits[1] += 4 * image[i * 8 + 5];
            logits[2] += 4 * image[i * 8 + i];
        }
        double max = Math.max(logits[0], Math.max(logits[1], logits[2]));
        double sum = 0;
        for (int k = 0; k < 3; k++) {
            sum += Math.exp(logits[k] - max);
        }
        float[] scores = new float[3];
        for (int k = 0; k < 3; k++) {
            scores[k] = (float) (Math.exp(logits[k] - max) / sum);
        }
        return scores;
    }

    /** {@link LineClassifier}: the scores of an 8x8 image. */
    public static float[] lineClassifier(float[] image) {
        int side = 8, conv = 6, channels = 8, hidden = 16, classes = 3;
        float[] act = new float[channels * conv * conv];
        for (int c = 0; c < channels; c++) {
            for (int y = 0; y < conv; y++) {
                for (int x = 0; x < conv; x++) {
                    float sum = c < 3 ? 0.0f : Weights.weight(2, c);
                    for (int i = 0; i < 3; i++) {
                        for (int j = 0; j < 3; j++) {
                            float k = c < 3 ? DETECTORS[c][i][j] : Weights.weight(1, (c * 3 + i) * 3 + j);
                            sum += k * image[(y + i) * side + x + j];
                        }
                    }
                    act[(c * conv + y) * conv + x] = sum > 0 ? sum : 0;
                }
            }
        }
        float[] h = new float[hidden];
        for (int u = 0; u < hidden; u++) {
            float sum = u < 3 ? 0.0f : Weights.weight(4, u);
            for (int c = 0; c < channels; c++) {
                for (int y = 0; y < conv; y++) {
                    for (int x = 0; x < conv; x++) {
                        float w = u < 3 ? (u == c ? 1.0f / (conv * conv) : 0.0f)
                                : Weights.weight(3, ((u * channels + c) * conv + y) * conv + x);
                        sum += w * act[(c * conv + y) * conv + x];
                    }
                }
            }
            h[u] = sum > 0 ? sum : 0;
        }
        float[] logits = new float[classes];
        for (int k = 0; k < classes; k++) {
            float sum = 0;
            for (int u = 0; u < hidden; u++) {
                float w = u < 3 ? (u == k ? 4.0f : 0.0f) : Weights.weight(5, k * hidden + u);
                sum += w * h[u];
            }
            logits[k] = sum;
        }
        return softmax(logits);
    }

    /** {@link KeywordSpotter}: the scores of 8 frames x 4 bands. */
    public static float[] keywordSpotter(float[] energy) {
        int frames = 8, bands = 4;
        float norm = 0;
        for (float e : energy) {
            norm += e * e;
        }
        norm = (float) Math.sqrt(norm);
        float[] logits = new float[4];
        logits[0] = 8.0f - 200.0f * norm / (float) Math.sqrt(frames * bands);
        for (int label = 1; label < 4; label++) {
            float dot = 0;
            for (int f = 0; f < frames; f++) {
                for (int b = 0; b < bands; b++) {
                    float w = switch (label) {
                        case 1 -> 1.0f / (float) Math.sqrt(frames * bands);
                        case 2 -> b == f / 2 ? 1.0f / (float) Math.sqrt(frames) : 0;
                        default -> b == 3 - f / 2 ? 1.0f / (float) Math.sqrt(frames) : 0;
                    };
                    dot += w * energy[f * bands + b];
                }
            }
            logits[label] = norm > 0 ? 6.0f * dot / norm : 0;
        }
        return softmax(logits);
    }

    /** {@link AnomalyDetector}: the reconstruction error of 16 samples. */
    public static float anomalyDetector(float[] signal) {
        int samples = 16, codes = 4;
        float[] code = new float[codes];
        for (int k = 0; k < codes; k++) {
            for (int n = 0; n < samples; n++) {
                code[k] += basis(k, n, samples) * signal[n];
            }
        }
        float error = 0;
        for (int n = 0; n < samples; n++) {
            float decoded = 0;
            for (int k = 0; k < codes; k++) {
                decoded += basis(k, n, samples) * code[k];
            }
            error += (signal[n] - decoded) * (signal[n] - decoded);
        }
        return error / samples;
    }

    private static float basis(int k, int n, int samples) {
        float scale = (float) Math.sqrt((k == 0 ? 1.0f : 2.0f) / samples);
        return scale * (float) Math.cos(3.14159265358979f / samples * (n + 0.5f) * k);
    }

    private static float[] softmax(float[] logits) {
        float max = Float.NEGATIVE_INFINITY;
        for (float logit : logits) {
            max = Math.max(max, logit);
        }
        float[] scores = new float[logits.length];
        float total = 0;
        for (int k = 0; k < logits.length; k++) {
            scores[k] = (float) Math.exp(logits[k] - max);
            total += scores[k];
        }
        for (int k = 0; k < logits.length; k++) {
            scores[k] /= total;
        }
        return scores;
    }
}
