package dev.tvmbind.benchmarks;

/** A hand-written JNI binding of the same functions ({@code src/main/c/bench_jni.c}). */
final class Jni {
    private Jni() {}

    static {
        System.load(Library.path().toString());
    }

    static native int add(int a, int b);

    static native int answer();
}
