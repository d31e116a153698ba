package dev.tvmbind.runtime;

import dev.tvmbind.runtime.internal.CheckedLibrary;
import dev.tvmbind.runtime.internal.FailedRun;
import dev.tvmbind.runtime.internal.NativeAccess;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.function.Supplier;

/**
 * The executors of one {@link TvmLibrary}: how one is made, and how the library's close takes them
 * from their runs, all or nothing, waiting for runs in progress up to a deadline. Guarded by the
 * library.
 */
final class OpenExecutors {
    /** Held weakly: an executor nobody closed or refers to goes, and its buffers with it. */
    private final Set<TvmExecutor> executors = Collections.newSetFromMap(new WeakHashMap<>());

    /**
     * A new executor of {@code model} over {@code library}'s symbols {@code copy}, once its
     * description may be trusted and the library holds its run function (and is the model javac
     * checked, when it was).
     *
     * @param holds what the library holds, for the message when it lacks the run function
     */
    TvmExecutor open(ModelInfo model, ModelProvider provider, NativeAccess.Vouched copy,
            TvmLibrary library, Supplier<String> holds) {
        ExecutorRun.checkDescription(model, provider);
        ExecutorMemory.checkSizes(model);
        String runSymbol = model.runSymbol().orElseThrow();
        MemorySegment run = copy.find(runSymbol).orElseThrow(
                () -> new IllegalArgumentException(library.description() + " lacks " + runSymbol
                        + ", the run function of model " + model.cName() + "; " + holds.get()));
        CheckedLibrary.verify(model, copy, "the " + library.description());
        TvmExecutor executor = new TvmExecutor(model, run, FailedRun.of(copy), library);
        executors.add(executor);
        return executor;
    }

    void forget(TvmExecutor executor) {
        executors.remove(executor);
    }

    /**
     * Frees every executor's memory once no run of it is inside C.
     *
     * @param deadline {@link System#nanoTime} when waiting ends
     * @param library how messages name the library
     * @param waited what the message says of the wait
     * @param beforeCommit what else the close must do once no executor runs; if it throws
     *     {@link IllegalStateException}, every executor is given back to its runs
     * @throws IllegalStateException when a run is still in progress at the deadline, or
     *     {@code beforeCommit} refused: then every executor is given back to its runs, nothing
     *     closed
     */
    void closeAll(long deadline, String library, String waited, Runnable beforeCommit) {
        List<TvmExecutor> open = executors.stream().filter(e -> e.memory.isOpen()).toList();
        List<TvmExecutor> taken = new ArrayList<>();
        for (TvmExecutor executor : open) {
            try {
                if (executor.runs.beginClose(deadline)) {
                    taken.add(executor);
                }
            } catch (IllegalStateException e) {
                taken.forEach(t -> t.runs.endClose(false));
                throw new IllegalStateException("cannot close " + library + " while a run()"
                        + " of its executor of " + executor.info().cName() + " is in progress in"
                        + " another thread (waited " + waited + "); nothing was closed", e);
            }
        }
        try {
            beforeCommit.run();
        } catch (IllegalStateException e) {
            taken.forEach(t -> t.runs.endClose(false));
            throw e;
        }
        for (TvmExecutor executor : taken) {
            executor.memory.close();
            executor.runs.endClose(true);
        }
        executors.clear();
    }
}
