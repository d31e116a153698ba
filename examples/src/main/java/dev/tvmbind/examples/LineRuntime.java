package dev.tvmbind.examples;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.TvmModel;
import java.lang.foreign.MemorySegment;

/**
 * A module-style runtime over {@link LineClassifier}, with plain entry points in the manner of
 * TVM's module-based runtime ({@code src/main/c/line_runtime.c}).
 */
@TvmModel(name = "line_runtime")
public interface LineRuntime {
    /** Returns how many inputs the model has. */
    @EntryPoint int getNumInputs();

    /**
     * Finds an input by its name in the model.
     *
     * @param name the input's name
     * @return its index, or -1 when there is none of that name
     */
    @EntryPoint int getInputIndex(String name);

    /**
     * Copies an input into the runtime.
     *
     * @param index the input's index
     * @param data the input tensor
     * @return 0, or -1 for a bad index
     */
    @EntryPoint int setInput(int index, MemorySegment data);

    /** Runs the model on the inputs set. */
    @EntryPoint int run();

    /**
     * Copies an output out of the runtime.
     *
     * @param index the output's index
     * @param data where to copy it
     * @return 0, or -1 for a bad index
     */
    @EntryPoint int getOutput(int index, MemorySegment data);
}
