/* A hand-written JNI stub over the same functions, for dev.tvmbind.benchmarks.Jni. */
#include <jni.h>
#include "tvmgen_bench.h"

JNIEXPORT jint JNICALL Java_dev_tvmbind_benchmarks_Jni_add(JNIEnv* env, jclass type, jint a, jint b) {
    (void) env;
    (void) type;
    return tvmgen_bench_add(a, b);
}

JNIEXPORT jint JNICALL Java_dev_tvmbind_benchmarks_Jni_answer(JNIEnv* env, jclass type) {
    (void) env;
    (void) type;
    return tvmgen_bench_answer();
}
