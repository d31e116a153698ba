package dev.tvmbind.it;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.Input;
import dev.tvmbind.Output;
import dev.tvmbind.TvmModel;

/** A model whose run waits in C while the gate is shut ({@code gate.c}). */
@TvmModel(name = "gate")
public interface Gate {
    /**
     * Waits until the gate is open, then copies its input to its output.
     *
     * @param in the value
     * @param out receives it
     * @return 0
     */
    @EntryPoint
    int run(@Input(value = "in", size = 4) int[] in, @Output(value = "out", size = 4) int[] out);

    /** Lets runs through. */
    @EntryPoint
    void open();

    /** Makes runs wait in C. */
    @EntryPoint
    void shut();

    /**
     * How many runs are in C now.
     *
     * @return the count
     */
    @EntryPoint
    int inside();

    /**
     * The most runs that were ever in C at once.
     *
     * @return the count
     */
    @EntryPoint
    int mostInside();
}
