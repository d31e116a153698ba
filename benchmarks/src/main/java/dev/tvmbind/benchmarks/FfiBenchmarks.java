package dev.tvmbind.benchmarks;

import dev.tvmbind.DType;
import dev.tvmbind.runtime.ffi.Tensor;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
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
 * Functions of TVM's FFI through the generated binding of {@link FfiBench}, against hand-written
 * FFM code doing the same work over the same {@code __tvm_ffi_*} symbols (arguments packed as
 * {@code TVMFFIAny} in memory set up once, the status checked, the result read), and the plain C
 * function of the same work ({@code plain}: what the packed convention itself costs). The library
 * is {@code -Dbench.ffi=…/libffi_bench.so} ({@code benchmarks/ffi.sh} builds it).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 3, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class FfiBenchmarks {
    static final FfiBench GENERATED = FfiBenchBinding.load(library());
    private static final SymbolLookup LOOKUP = SymbolLookup.libraryLookup(library(), Arena.global());
    private static final FunctionDescriptor SAFE_CALL = FunctionDescriptor.of(ValueLayout.JAVA_INT,
            ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.ADDRESS);
    private static final MethodHandle ADD_INTS = safeCall("__tvm_ffi_add_ints");
    private static final MethodHandle LENGTH = safeCall("__tvm_ffi_length");
    private static final MethodHandle ADD_ONE = safeCall("__tvm_ffi_add_one");
    private static final MethodHandle ADDRESS = safeCall("__tvm_ffi_address");
    private static final MethodHandle PLAIN_ADD_INTS = Linker.nativeLinker().downcallHandle(
            LOOKUP.find("plain_add_ints").orElseThrow(), FunctionDescriptor.of(ValueLayout.JAVA_LONG,
                    ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG));

    long a = 20;
    long b = 22;
    String text = "hello, tvm-ffi";
    MemorySegment args;
    MemorySegment result;
    MemorySegment textCopy;
    Tensor x;
    Tensor y;
    MemorySegment dlX;
    MemorySegment dlY;
    MemorySegment out;

    static Path library() {
        return BenchPaths.given("bench.ffi", "the libffi_bench.so benchmarks/ffi.sh builds");
    }

    private static MethodHandle safeCall(String symbol) {
        return Linker.nativeLinker().downcallHandle(LOOKUP.find(symbol).orElseThrow(), SAFE_CALL);
    }

    @Setup
    public void setUp() {
        Arena arena = Arena.ofAuto();
        args = arena.allocate(32, 16);
        result = arena.allocate(16, 16);
        textCopy = arena.allocate(64);
        MemorySegment in = arena.allocate(ValueLayout.JAVA_FLOAT, FfiBench.FLOATS);
        out = arena.allocate(ValueLayout.JAVA_FLOAT, FfiBench.FLOATS);
        for (int i = 0; i < FfiBench.FLOATS; i++) {
            in.setAtIndex(ValueLayout.JAVA_FLOAT, i, i);
        }
        x = Tensor.of(in, DType.FLOAT32, FfiBench.FLOATS);
        y = Tensor.of(out, DType.FLOAT32, FfiBench.FLOATS);
        dlX = dlTensor(arena, in);
        dlY = dlTensor(arena, out);
    }

    /** A DLTensor as hand-written code would build one: 1-D float32 on the CPU. */
    private static MemorySegment dlTensor(Arena arena, MemorySegment data) {
        MemorySegment tensor = arena.allocate(56, 8);
        tensor.set(ValueLayout.ADDRESS, 0, data);
        tensor.set(ValueLayout.JAVA_INT, 8, 1);
        tensor.set(ValueLayout.JAVA_INT, 16, 1);
        tensor.set(ValueLayout.JAVA_BYTE, 20, (byte) 2);
        tensor.set(ValueLayout.JAVA_BYTE, 21, (byte) 32);
        tensor.set(ValueLayout.JAVA_SHORT, 22, (short) 1);
        tensor.set(ValueLayout.JAVA_LONG, 48, FfiBench.FLOATS);
        tensor.set(ValueLayout.ADDRESS, 24, tensor.asSlice(48));
        return tensor;
    }

    @Benchmark
    public long addInts_generated() {
        return GENERATED.addInts(a, b);
    }

    @Benchmark
    public long addInts_handWritten() throws Throwable {
        args.set(ValueLayout.JAVA_LONG, 0, 1);
        args.set(ValueLayout.JAVA_LONG, 8, a);
        args.set(ValueLayout.JAVA_LONG, 16, 1);
        args.set(ValueLayout.JAVA_LONG, 24, b);
        result.set(ValueLayout.JAVA_LONG, 0, 0);
        int status = (int) ADD_INTS.invokeExact(MemorySegment.NULL, args, 2, result);
        if (status != 0 || result.get(ValueLayout.JAVA_INT, 0) != 1) {
            throw new IllegalStateException("add_ints failed");
        }
        return result.get(ValueLayout.JAVA_LONG, 8);
    }

    @Benchmark
    public long addInts_plainC() throws Throwable {
        return (long) PLAIN_ADD_INTS.invokeExact(a, b);
    }

    @Benchmark
    public long length_generated() {
        return GENERATED.length(text);
    }

    @Benchmark
    public long length_handWritten() throws Throwable {
        textCopy.setString(0, text);
        args.set(ValueLayout.JAVA_LONG, 0, 8);
        args.set(ValueLayout.ADDRESS, 8, textCopy);
        result.set(ValueLayout.JAVA_LONG, 0, 0);
        int status = (int) LENGTH.invokeExact(MemorySegment.NULL, args, 1, result);
        if (status != 0 || result.get(ValueLayout.JAVA_INT, 0) != 1) {
            throw new IllegalStateException("length failed");
        }
        return result.get(ValueLayout.JAVA_LONG, 8);
    }

    @Benchmark
    public long address_generated() {
        return GENERATED.address(out);
    }

    @Benchmark
    public long address_handWritten() throws Throwable {
        args.set(ValueLayout.JAVA_LONG, 0, 4);
        args.set(ValueLayout.ADDRESS, 8, out);
        result.set(ValueLayout.JAVA_LONG, 0, 0);
        int status = (int) ADDRESS.invokeExact(MemorySegment.NULL, args, 1, result);
        if (status != 0 || result.get(ValueLayout.JAVA_INT, 0) != 1) {
            throw new IllegalStateException("address failed");
        }
        return result.get(ValueLayout.JAVA_LONG, 8);
    }

    static final FfiBench.Shaped SHAPED = FfiBench_ShapedBinding.load(library());

    @Benchmark
    public long rows_generated() {
        return GENERATED.rows(x);
    }

    @Benchmark
    public long rows_shaped() {
        return SHAPED.rows(x);
    }

    @Benchmark
    public MemorySegment addOne_generated() {
        GENERATED.addOne(x, y);
        return out;
    }

    @Benchmark
    public MemorySegment addOne_handWritten() throws Throwable {
        args.set(ValueLayout.JAVA_LONG, 0, 7);
        args.set(ValueLayout.ADDRESS, 8, dlX);
        args.set(ValueLayout.JAVA_LONG, 16, 7);
        args.set(ValueLayout.ADDRESS, 24, dlY);
        result.set(ValueLayout.JAVA_LONG, 0, 0);
        int status = (int) ADD_ONE.invokeExact(MemorySegment.NULL, args, 2, result);
        if (status != 0) {
            throw new IllegalStateException("add_one failed");
        }
        return out;
    }
}
