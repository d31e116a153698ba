package dev.tvmbind.runtime;

import dev.tvmbind.runtime.internal.Arguments;
import dev.tvmbind.runtime.internal.FailedRun;
import dev.tvmbind.runtime.internal.Linking;
import dev.tvmbind.runtime.internal.RunLinker;
import dev.tvmbind.runtime.internal.RunLocks;
import dev.tvmbind.runtime.internal.TvmFunction;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;

/**
 * How a {@link TvmExecutor} calls TVM's run function: linked by the model's generated code (with
 * its module's native access), under the model's run lock, claimed for the call's duration.
 */
final class ExecutorRun {
    private final ModelInfo model;
    /** The run function, taking the address of each struct from an array. */
    private final MethodHandle run;
    /**
     * Held during each run unless the model is reentrant: shared with every binding and executor
     * of the model in the same loaded library, whose static workspace the run uses.
     */
    private final ReentrantLock runLock;
    /**
     * Taken by each run for its duration, and by a close for good: a close never frees what a run
     * uses, a library closes all its executors or none, and two threads never run one executor.
     */
    private final AtomicBoolean claimed = new AtomicBoolean();
    /** What the library offers after a failed run. */
    private final FailedRun failedRun;

    ExecutorRun(ModelInfo model, MemorySegment runFunction, RunLinker linker, FailedRun failedRun,
            int structs) {
        this.model = model;
        try {
            this.run = linker.downcall(TvmFunction.run(structs), runFunction)
                    .asSpreader(long[].class, structs);
        } catch (IllegalCallerException e) {
            throw Linking.noNativeAccess(linker.getClass().getModule(), model, e);
        }
        this.runLock = model.reentrant() ? null : RunLocks.of(runFunction);
        this.failedRun = failedRun;
    }

    /**
     * Runs the model on {@code memory}'s structs.
     *
     * @throws IllegalStateException when another thread runs the executor, or C wrote past a
     *     buffer
     * @throws TvmException when the run function returns a non-zero status
     */
    void run(ExecutorMemory memory) {
        if (!claim()) {
            memory.checkOpen();
            throw new IllegalStateException("the executor of " + model.cName() + " is running in"
                    + " another thread: an executor is for one thread at a time");
        }
        if (runLock != null) {
            runLock.lock();
        }
        try {
            int status = (int) run.invokeExact(memory.structs);
            memory.checkGuards();
            if (status != 0) {
                // Read before another run of the model can replace it.
                String error = failedRun.lastError();
                failedRun.resetPlatform();
                throw new TvmException(model.runSymbol(), status, error);
            }
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        } finally {
            if (runLock != null) {
                runLock.unlock();
            }
            unclaim();
        }
    }

    /** Takes the executor from its runs, as a close does first; false while one is in progress. */
    boolean claim() {
        return claimed.compareAndSet(false, true);
    }

    /** Gives back what {@link #claim} took. */
    void unclaim() {
        claimed.setRelease(false);
    }
}
