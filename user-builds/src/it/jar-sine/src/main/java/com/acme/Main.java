package com.acme;

import dev.tvmbind.runtime.ClassPathLibrary;

/** sin(x) by the model the jar carries, at the points its tests know. */
public final class Main {
    public static void main(String[] args) {
        Sine sine = SineBinding.load(ClassPathLibrary.extract("default"));
        for (float x : new float[] {0.5f, 1.570796f, 3.141593f, 4.712389f}) {
            float[] y = new float[1];
            int status = sine.run(new float[] {x}, y);
            System.out.printf("sin(%.6f) = %.6f (status %d)%n", x, y[0], status);
        }
    }
}
