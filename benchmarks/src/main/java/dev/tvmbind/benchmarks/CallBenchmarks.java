package dev.tvmbind.benchmarks;

import dev.tvmbind.runtime.TvmExecutor;
import dev.tvmbind.runtime.TvmLibrary;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The same C functions called every way a Java program can. Names are {@code <function>_<way>};
 * {@code handWritten} is the baseline every ratio in BENCHMARKS.md is taken against.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 3, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class CallBenchmarks {
    /** As applications hold bindings: in static final fields. */
    static final Bench GENERATED = BenchBinding.load(Library.path());
    static final BenchCritical GENERATED_CRITICAL = BenchCriticalBinding.load(Library.path());
    /** The same run function by name: {@code runArrays}' model, tensors set and read by name. */
    static final TvmExecutor EXECUTOR = TvmLibrary.open(Library.path()).executor("bench_critical");

    int a = 20;
    int b = 22;
    float[] fa;
    float[] fb;
    float[] fout;
    MemorySegment sa;
    MemorySegment sb;
    MemorySegment sout;
    MemorySegment inputs;
    MemorySegment outputs;

    @Setup
    public void setUp() {
        Arena arena = Arena.ofAuto();
        fa = new float[Bench.FLOATS];
        fb = new float[Bench.FLOATS];
        fout = new float[Bench.FLOATS];
        for (int i = 0; i < Bench.FLOATS; i++) {
            fa[i] = i;
            fb[i] = 2 * i;
        }
        sa = arena.allocateFrom(ValueLayout.JAVA_FLOAT, fa);
        sb = arena.allocateFrom(ValueLayout.JAVA_FLOAT, fb);
        sout = arena.allocate(ValueLayout.JAVA_FLOAT, Bench.FLOATS);
        // The hand-written run fills its pointer structs once, here, outside the measured loop.
        inputs = arena.allocate(ValueLayout.ADDRESS, 2);
        inputs.setAtIndex(ValueLayout.ADDRESS, 0, sa);
        inputs.setAtIndex(ValueLayout.ADDRESS, 1, sb);
        outputs = arena.allocateFrom(ValueLayout.ADDRESS, sout);
    }

    @Benchmark
    public int add_generated() {
        return GENERATED.add(a, b);
    }

    @Benchmark
    public int add_handWritten() throws Throwable {
        return (int) HandWritten.ADD.invokeExact(a, b);
    }

    @Benchmark
    public int add_generatedCritical() {
        return GENERATED_CRITICAL.add(a, b);
    }

    @Benchmark
    public int add_handWrittenCritical() throws Throwable {
        return (int) HandWritten.ADD_CRITICAL.invokeExact(a, b);
    }

    @Benchmark
    public int add_jni() {
        return Jni.add(a, b);
    }

    @Benchmark
    public int add_jnaDirect() {
        return Jna.Direct.tvmgen_bench_add(a, b);
    }

    @Benchmark
    public int add_jnaInterface() {
        return Jna.MAPPED.tvmgen_bench_add(a, b);
    }

    @Benchmark
    public int answer_generated() {
        return GENERATED.answer();
    }

    @Benchmark
    public int answer_handWritten() throws Throwable {
        return (int) HandWritten.ANSWER.invokeExact();
    }

    @Benchmark
    public int answer_generatedCritical() {
        return GENERATED_CRITICAL.answer();
    }

    @Benchmark
    public int answer_handWrittenCritical() throws Throwable {
        return (int) HandWritten.ANSWER_CRITICAL.invokeExact();
    }

    @Benchmark
    public int answer_jni() {
        return Jni.answer();
    }

    @Benchmark
    public int answer_jnaDirect() {
        return Jna.Direct.tvmgen_bench_answer();
    }

    @Benchmark
    public int answer_jnaInterface() {
        return Jna.MAPPED.tvmgen_bench_answer();
    }

    @Benchmark
    public int runSegments_generated() {
        return GENERATED.run(sa, sb, sout);
    }

    @Benchmark
    public int runSegments_handWritten() throws Throwable {
        return (int) HandWritten.RUN.invokeExact(inputs, outputs);
    }

    @Benchmark
    public int runArrays_generated() {
        return GENERATED_CRITICAL.run(fa, fb, fout);
    }

    @Benchmark
    public int runArrays_executor() {
        EXECUTOR.setInput("a", fa);
        EXECUTOR.setInput("b", fb);
        EXECUTOR.run();
        EXECUTOR.getOutput("out", fout);
        return 0;
    }

    @Benchmark
    public int runArrays_handWritten() throws Throwable {
        return HandWritten.runArrays(fa, fb, fout);
    }

    @Benchmark
    public float[] vectorAdd_generated() {
        GENERATED.vectorAdd(fa, fb, fout, Bench.FLOATS);
        return fout;
    }

    @Benchmark
    public float[] vectorAdd_handWritten() throws Throwable {
        HandWritten.vectorAdd(fa, fb, fout);
        return fout;
    }

    @Benchmark
    public float[] vectorAdd_generatedCritical() {
        GENERATED_CRITICAL.vectorAdd(fa, fb, fout, Bench.FLOATS);
        return fout;
    }

    @Benchmark
    public float[] vectorAdd_handWrittenCritical() throws Throwable {
        HandWritten.VECTOR_ADD_CRITICAL.invokeExact(MemorySegment.ofArray(fa),
                MemorySegment.ofArray(fb), MemorySegment.ofArray(fout), Bench.FLOATS);
        return fout;
    }
}
