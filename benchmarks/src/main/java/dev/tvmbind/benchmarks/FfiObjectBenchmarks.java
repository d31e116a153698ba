package dev.tvmbind.benchmarks;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;
import java.util.Optional;
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
 * Calls of TVM's FFI that make objects, through the generated binding of {@link FfiBench} and
 * hand-written FFM doing the same work over the same symbols: {@code firstOr} takes a list (an
 * {@code ffi.Array} made by the global {@code ffi.Array} for the call and released after it) and
 * an {@code Optional}; {@code applyOnce} takes a Java function ({@code TVMFFIFunctionCreate} over
 * an upcall stub, released after the call) that C++ calls back once. tvmbind keeps a function
 * only Java holds for its slot's next callback: {@code applyOnce_handWrittenReused} is the same
 * call over one function made once, the floor of that design.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 3, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class FfiObjectBenchmarks {
    private static final int INT = 1;
    private static final int FUNCTION = 68;
    private static final int ARRAY = 71;
    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LOOKUP = SymbolLookup.libraryLookup(
            FfiBenchmarks.library(), Arena.global());
    private static final FunctionDescriptor SAFE_CALL = FunctionDescriptor.of(ValueLayout.JAVA_INT,
            ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.ADDRESS);
    private static final MethodHandle FIRST_OR = handle("__tvm_ffi_first_or", SAFE_CALL);
    private static final MethodHandle APPLY_ONCE = handle("__tvm_ffi_apply_once", SAFE_CALL);
    private static final MethodHandle FUNCTION_CALL = handle("TVMFFIFunctionCall",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS,
                    ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
    private static final MethodHandle DEC_REF = handle("TVMFFIObjectDecRef",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG));
    private static final MethodHandle FUNCTION_CREATE = handle("TVMFFIFunctionCreate",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS,
                    ValueLayout.ADDRESS, ValueLayout.ADDRESS));
    /** The hand-written callback's {@code safe_call}: {@code x -> x + 1}. */
    private static final MemorySegment INCREMENT;

    static {
        try {
            INCREMENT = LINKER.upcallStub(MethodHandles.lookup().findStatic(
                    FfiObjectBenchmarks.class, "increment", MethodType.methodType(int.class,
                            MemorySegment.class, MemorySegment.class, int.class,
                            MemorySegment.class)), SAFE_CALL, Arena.global());
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    List<Long> xs = List.of(3L, 4L);
    Optional<Long> fallback = Optional.of(7L);
    FfiBench.Step increment = x -> x + 1;
    long x = 41;
    MemorySegment args;
    MemorySegment elements;
    MemorySegment result;
    MemorySegment made;
    long arrayFunction;
    /** One function over {@link #INCREMENT}, made once, for {@code applyOnce_handWrittenReused}. */
    long reused;

    private static MethodHandle handle(String symbol, FunctionDescriptor descriptor) {
        return LINKER.downcallHandle(LOOKUP.find(symbol).orElseThrow(), descriptor);
    }

    @Setup
    public void setUp() throws Throwable {
        Arena arena = Arena.ofAuto();
        args = arena.allocate(32, 16);
        elements = arena.allocate(32, 16);
        result = arena.allocate(16, 16);
        made = arena.allocate(8, 8);
        // Found once, as the binding finds a global function once.
        MethodHandle getGlobal = handle("TVMFFIFunctionGetGlobal", FunctionDescriptor.of(
                ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
        MemorySegment name = arena.allocateFrom("ffi.Array");
        MemorySegment byteArray = arena.allocate(16, 8);
        byteArray.set(ValueLayout.ADDRESS, 0, name);
        byteArray.set(ValueLayout.JAVA_LONG, 8, "ffi.Array".length());
        if ((int) getGlobal.invokeExact(byteArray, made) != 0) {
            throw new IllegalStateException("no ffi.Array");
        }
        arrayFunction = made.get(ValueLayout.JAVA_LONG, 0);
        if ((int) FUNCTION_CREATE.invokeExact(MemorySegment.NULL, INCREMENT, MemorySegment.NULL,
                made) != 0) {
            throw new IllegalStateException("TVMFFIFunctionCreate failed");
        }
        reused = made.get(ValueLayout.JAVA_LONG, 0);
    }

    private static void any(MemorySegment values, int index, int type, long value) {
        values.set(ValueLayout.JAVA_LONG, 16L * index, type);
        values.set(ValueLayout.JAVA_LONG, 16L * index + 8, value);
    }

    private long call(MethodHandle function, String name) throws Throwable {
        result.set(ValueLayout.JAVA_LONG, 0, 0);
        int status = (int) function.invokeExact(MemorySegment.NULL, args, 2, result);
        if (status != 0 || result.get(ValueLayout.JAVA_INT, 0) != INT) {
            throw new IllegalStateException(name + " failed");
        }
        return result.get(ValueLayout.JAVA_LONG, 8);
    }

    @Benchmark
    public long firstOr_generated() {
        return FfiBenchmarks.GENERATED.firstOr(xs, fallback);
    }

    @Benchmark
    public long firstOr_handWritten() throws Throwable {
        for (int i = 0; i < xs.size(); i++) {
            any(elements, i, INT, xs.get(i));
        }
        result.set(ValueLayout.JAVA_LONG, 0, 0);
        int status = (int) FUNCTION_CALL.invokeExact(arrayFunction, elements, xs.size(), result);
        if (status != 0 || result.get(ValueLayout.JAVA_INT, 0) != ARRAY) {
            throw new IllegalStateException("ffi.Array failed");
        }
        long array = result.get(ValueLayout.JAVA_LONG, 8);
        try {
            any(args, 0, ARRAY, array);
            any(args, 1, INT, fallback.orElseThrow());
            return call(FIRST_OR, "first_or");
        } finally {
            int released = (int) DEC_REF.invokeExact(array);
        }
    }

    @Benchmark
    public long applyOnce_generated() {
        return FfiBenchmarks.GENERATED.applyOnce(increment, x);
    }

    @Benchmark
    public long applyOnce_handWritten() throws Throwable {
        int status = (int) FUNCTION_CREATE.invokeExact(MemorySegment.NULL, INCREMENT,
                MemorySegment.NULL, made);
        if (status != 0) {
            throw new IllegalStateException("TVMFFIFunctionCreate failed");
        }
        long function = made.get(ValueLayout.JAVA_LONG, 0);
        try {
            any(args, 0, FUNCTION, function);
            any(args, 1, INT, x);
            return call(APPLY_ONCE, "apply_once");
        } finally {
            int released = (int) DEC_REF.invokeExact(function);
        }
    }

    @Benchmark
    public long applyOnce_handWrittenReused() throws Throwable {
        any(args, 0, FUNCTION, reused);
        any(args, 1, INT, x);
        return call(APPLY_ONCE, "apply_once");
    }

    @SuppressWarnings("restricted")
    private static int increment(MemorySegment self, MemorySegment args, int count,
            MemorySegment result) {
        long value = args.reinterpret(16).get(ValueLayout.JAVA_LONG, 8);
        MemorySegment out = result.reinterpret(16);
        out.set(ValueLayout.JAVA_LONG, 0, INT);
        out.set(ValueLayout.JAVA_LONG, 8, value + 1);
        return 0;
    }
}
