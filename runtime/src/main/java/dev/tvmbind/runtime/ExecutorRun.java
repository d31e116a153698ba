package dev.tvmbind.runtime;

import dev.tvmbind.runtime.internal.Arguments;
import dev.tvmbind.runtime.internal.FailedRun;
import dev.tvmbind.runtime.internal.Linking;
import dev.tvmbind.runtime.internal.RunLocks;
import dev.tvmbind.runtime.internal.TvmFunction;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * How a {@link TvmExecutor} calls TVM's run function: linked by the runtime, in a library that code
 * with native access opened or handed over, after the model's description, which sizes the
 * buffers the run writes, was found to come from a module with native access too; called under
 * the model's run lock, marked running for the call's duration so that a close waits for it.
 */
final class ExecutorRun {
    private final ModelInfo model;
    /** The run function's symbol. */
    private final String symbol;
    /** The run function, taking the address of each struct. */
    private final MethodHandle run;
    /**
     * Held during each run unless the model is reentrant: shared with every binding and executor
     * of the model in the same loaded library, whose static workspace the run uses.
     */
    private final ReentrantLock runLock;
    /**
     * {@link #IDLE}, {@link #RUNNING} (a run inside C: set after the run lock is taken, so that a
     * run waiting for the lock holds nothing a close waits for), {@link #CLOSING} (a close waits
     * for the executor's other runs: a run that meets it waits for the verdict rather than fail
     * with a message the verdict could make false) or {@link #CLOSED} (its memory is freed).
     */
    private final AtomicInteger state = new AtomicInteger(IDLE);
    private static final int IDLE = 0;
    private static final int RUNNING = 1;
    private static final int CLOSING = 2;
    private static final int CLOSED = 3;
    /** What the library offers after a failed run. */
    private final FailedRun failedRun;

    @SuppressWarnings("restricted")
    ExecutorRun(ModelInfo model, MemorySegment runFunction, FailedRun failedRun, int structs) {
        this.model = model;
        this.symbol = model.runSymbol().orElseThrow();
        this.run = Linker.nativeLinker().downcallHandle(runFunction,
                TvmFunction.run(structs).descriptor());
        this.runLock = model.reentrant() ? null : RunLocks.of(runFunction);
        this.failedRun = failedRun;
    }

    /**
     * Checks that an executor may run {@code model} as {@code provider} describes it: a model with
     * a tensor entry point, described by a module with native access (the description sizes the
     * buffers TVM's code writes: one from code that may not choose native effects is not trusted).
     *
     * @throws IllegalArgumentException for a model without a tensor entry point
     * @throws IllegalCallerException when the provider's module has no native access
     */
    static void checkDescription(ModelInfo model, ModelProvider provider) {
        if (model.runSymbol().isEmpty()) {
            throw new IllegalArgumentException("model " + model.cName() + " has no tensor entry"
                    + " point: its plain entry points are called through its interface,"
                    + " model(Class)");
        }
        if (!provider.getClass().getModule().isNativeAccessEnabled()) {
            throw Linking.noNativeAccess(provider.getClass().getModule(), model, null);
        }
    }

    /**
     * Runs the model on {@code memory}'s structs.
     *
     * @throws IllegalStateException when another thread runs the executor, or C wrote past a
     *     buffer
     * @throws TvmException when the run function returns a non-zero status
     */
    void run(ExecutorMemory memory) {
        if (state.get() == RUNNING) {
            throw runningElsewhere();
        }
        if (runLock != null) {
            runLock.lock();
        }
        boolean started = false;
        try {
            start(memory);
            started = true;
            long[] structs = memory.structs;
            // An exact call per arity, here rather than in a helper: each level of calls between
            // run() and the downcall costs C2 inlining depth the downcall's own adapters need
            // (one more level made some forks allocate and run 40-150 ns slower).
            int status = switch (structs.length) {
                case 2 -> (int) run.invokeExact(structs[0], structs[1]);
                case 3 -> (int) run.invokeExact(structs[0], structs[1], structs[2]);
                default -> (int) run.invokeExact(structs[0], structs[1], structs[2], structs[3]);
            };
            memory.checkGuards();
            if (status != 0) {
                // Before another run of the model can replace what TVMGetLastError says.
                TvmException failure = failedRun.exception(symbol, status);
                memory.ran(failure);
                throw failure;
            }
            memory.ran(null);
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        } finally {
            if (started) {
                state.setRelease(IDLE);
            }
            if (runLock != null) {
                runLock.unlock();
            }
        }
    }

    /** IDLE to RUNNING, waiting out a close's verdict; throws for a closed executor. */
    private void start(ExecutorMemory memory) {
        while (!state.compareAndSet(IDLE, RUNNING)) {
            switch (state.get()) {
                case RUNNING -> throw runningElsewhere();
                case CLOSED -> {
                    memory.checkOpen();
                    throw new IllegalStateException("the executor of " + model.cName()
                            + " is closed");
                }
                default -> LockSupport.parkNanos(WAIT_STEP_NANOS);
            }
        }
    }

    private IllegalStateException runningElsewhere() {
        return new IllegalStateException("the executor of " + model.cName() + " is running in"
                + " another thread: an executor is for one thread at a time");
    }

    private static final long WAIT_STEP_NANOS = 50_000;

    /**
     * Takes the executor from its runs for a close: waits until a run in progress returns, up to
     * {@code deadline} ({@link System#nanoTime}).
     *
     * @return whether it is now CLOSING (false: already closed or closing elsewhere)
     * @throws IllegalStateException when a run is still inside C at the deadline
     */
    boolean beginClose(long deadline) {
        while (true) {
            if (state.compareAndSet(IDLE, CLOSING)) {
                return true;
            }
            int now = state.get();
            if (now == CLOSED || now == CLOSING) {
                return false;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("its run() is in progress in another thread");
            }
            LockSupport.parkNanos(WAIT_STEP_NANOS);
        }
    }

    /** After {@link #beginClose}: freed ({@code true}), or given back to its runs. */
    void endClose(boolean closed) {
        state.set(closed ? CLOSED : IDLE);
    }
}
