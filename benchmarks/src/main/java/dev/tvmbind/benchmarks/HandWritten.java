package dev.tvmbind.benchmarks;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The baseline: FFM code as an expert writes it by hand, with {@code static final} method
 * handles and {@code invokeExact}.
 */
final class HandWritten {
    private HandWritten() {}

    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LOOKUP = SymbolLookup.libraryLookup(Library.path(), Arena.global());
    private static final FunctionDescriptor INT_INT_INT =
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT);
    private static final FunctionDescriptor VECTOR = FunctionDescriptor.ofVoid(ValueLayout.ADDRESS,
            ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT);

    static final MethodHandle ADD = LINKER.downcallHandle(symbol("tvmgen_bench_add"), INT_INT_INT);
    static final MethodHandle ANSWER = LINKER.downcallHandle(symbol("tvmgen_bench_answer"),
            FunctionDescriptor.of(ValueLayout.JAVA_INT));
    static final MethodHandle RUN = LINKER.downcallHandle(symbol("tvmgen_bench_run"),
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
    static final MethodHandle VECTOR_ADD = LINKER.downcallHandle(symbol("tvmgen_bench_vector_add"),
            VECTOR);

    static final MethodHandle ADD_CRITICAL = LINKER.downcallHandle(symbol("tvmgen_bench_add"),
            INT_INT_INT, Linker.Option.critical(false));
    static final MethodHandle ANSWER_CRITICAL = LINKER.downcallHandle(symbol("tvmgen_bench_answer"),
            FunctionDescriptor.of(ValueLayout.JAVA_INT), Linker.Option.critical(false));
    static final MethodHandle VECTOR_ADD_CRITICAL = LINKER.downcallHandle(
            symbol("tvmgen_bench_vector_add"), VECTOR, Linker.Option.critical(true));

    private static MemorySegment symbol(String name) {
        return LOOKUP.find(name).orElseThrow(() -> new IllegalStateException("no " + name));
    }

    static int add(int a, int b) throws Throwable {
        return (int) ADD.invokeExact(a, b);
    }

    /** The usual hand-written way to pass arrays: a confined arena per call. */
    static void vectorAdd(float[] a, float[] b, float[] out) throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment na = arena.allocateFrom(ValueLayout.JAVA_FLOAT, a);
            MemorySegment nb = arena.allocateFrom(ValueLayout.JAVA_FLOAT, b);
            MemorySegment nout = arena.allocate(ValueLayout.JAVA_FLOAT, out.length);
            VECTOR_ADD.invokeExact(na, nb, nout, out.length);
            MemorySegment.copy(nout, ValueLayout.JAVA_FLOAT, 0, out, 0, out.length);
        }
    }

    /** The run function over arrays, by hand: a confined arena per call for copies and structs. */
    static int runArrays(float[] a, float[] b, float[] out) throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment inputs = arena.allocate(ValueLayout.ADDRESS, 2);
            inputs.setAtIndex(ValueLayout.ADDRESS, 0, arena.allocateFrom(ValueLayout.JAVA_FLOAT, a));
            inputs.setAtIndex(ValueLayout.ADDRESS, 1, arena.allocateFrom(ValueLayout.JAVA_FLOAT, b));
            MemorySegment nout = arena.allocate(ValueLayout.JAVA_FLOAT, out.length);
            MemorySegment outputs = arena.allocateFrom(ValueLayout.ADDRESS, nout);
            int status = (int) RUN.invokeExact(inputs, outputs);
            MemorySegment.copy(nout, ValueLayout.JAVA_FLOAT, 0, out, 0, out.length);
            return status;
        }
    }
}
