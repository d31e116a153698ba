package dev.tvmbind.benchmarks;

import dev.tvmbind.runtime.ffi.Tensor;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A returned tensor, made, one element read and closed: {@link FfiBench#ramp()} through the
 * generated binding against hand-written FFM that reads the {@code DLTensor}'s fields into Java,
 * the element through a global-scope segment, and drops the reference
 * ({@code TVMFFIObjectDecRef}); with 0 and 50 idle platform threads (a shared arena's close is a
 * handshake with every thread: what the binding's tensors must not cost).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
// Six seconds: the binding's returned tensor settles about four seconds in (58 ns before, 53.5
// after, measured per iteration: the JIT's last recompilation), the hand-written one in one.
@Warmup(iterations = 6, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 3, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class FfiTensorBenchmarks {
    private static final int TENSOR = 70;
    /** {@code sizeof(TVMFFIObject)}: where the object's DLTensor begins. */
    private static final long OBJECT_HEADER = 24;
    private static final MemorySegment EVERYWHERE = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);
    private static final SymbolLookup LOOKUP = SymbolLookup.libraryLookup(
            FfiBenchmarks.library(), Arena.global());
    private static final MethodHandle RAMP = Linker.nativeLinker().downcallHandle(
            LOOKUP.find("__tvm_ffi_ramp").orElseThrow(), FunctionDescriptor.of(
                    ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS,
                    ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
    private static final MethodHandle DEC_REF = Linker.nativeLinker().downcallHandle(
            LOOKUP.find("TVMFFIObjectDecRef").orElseThrow(), FunctionDescriptor.of(
                    ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG));

    /** Platform threads parked for the whole run. */
    @Param({"0", "50"})
    int idleThreads;

    MemorySegment args;
    MemorySegment result;
    private final List<Thread> idle = new ArrayList<>();
    private final CountDownLatch end = new CountDownLatch(1);

    @Setup
    public void setUp() {
        args = Arena.ofAuto().allocate(16, 16);
        result = Arena.ofAuto().allocate(16, 16);
        for (int i = 0; i < idleThreads; i++) {
            Thread thread = Thread.ofPlatform().daemon().start(() -> {
                try {
                    end.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            idle.add(thread);
        }
    }

    @TearDown
    public void tearDown() throws InterruptedException {
        end.countDown();
        for (Thread thread : idle) {
            thread.join();
        }
    }

    @Benchmark
    public float ramp_generated() {
        try (Tensor ramp = FfiBenchmarks.GENERATED.ramp()) {
            return ramp.data().getAtIndex(ValueLayout.JAVA_FLOAT, 1);
        }
    }

    /** The same, the element read through the unchecked view (no confined arena). */
    @Benchmark
    public float ramp_unchecked() {
        try (Tensor ramp = FfiBenchmarks.GENERATED.ramp()) {
            return ramp.uncheckedData().getAtIndex(ValueLayout.JAVA_FLOAT, 1);
        }
    }

    @Benchmark
    public float ramp_handWritten() throws Throwable {
        result.set(ValueLayout.JAVA_LONG, 0, 0);
        result.set(ValueLayout.JAVA_LONG, 8, 0);
        int status = (int) RAMP.invokeExact(MemorySegment.NULL, args, 0, result);
        if (status != 0 || result.get(ValueLayout.JAVA_INT, 0) != TENSOR) {
            throw new IllegalStateException("ramp failed");
        }
        long object = result.get(ValueLayout.JAVA_LONG, 8);
        long dl = object + OBJECT_HEADER;
        long data = EVERYWHERE.get(ValueLayout.JAVA_LONG, dl);
        int device = EVERYWHERE.get(ValueLayout.JAVA_INT, dl + 8);
        int ndim = EVERYWHERE.get(ValueLayout.JAVA_INT, dl + 16);
        int code = EVERYWHERE.get(ValueLayout.JAVA_BYTE, dl + 20);
        long shape = EVERYWHERE.get(ValueLayout.JAVA_LONG, dl + 24);
        long strides = EVERYWHERE.get(ValueLayout.JAVA_LONG, dl + 32);
        long offset = EVERYWHERE.get(ValueLayout.JAVA_LONG, dl + 40);
        long rows = EVERYWHERE.get(ValueLayout.JAVA_LONG, shape);
        long stride = strides == 0 ? 1 : EVERYWHERE.get(ValueLayout.JAVA_LONG, strides);
        if (device != 1 || ndim != 1 || code != 2 || stride != 1 || rows != FfiBench.FLOATS) {
            throw new IllegalStateException("not the ramp");
        }
        float element = EVERYWHERE.get(ValueLayout.JAVA_FLOAT, data + offset + 4);
        int released = (int) DEC_REF.invokeExact(object);
        if (released != 0) {
            throw new IllegalStateException("TVMFFIObjectDecRef failed");
        }
        return element;
    }
}
