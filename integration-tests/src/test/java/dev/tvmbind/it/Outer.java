package dev.tvmbind.it;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.Input;
import dev.tvmbind.Output;
import dev.tvmbind.TvmModel;

/** Holds a nested model, whose binding is {@code Outer_CheckedBinding}. */
public final class Outer {
    private Outer() {}

    /**
     * A {@code void} run function, in {@code src/test/c/checked.c}: {@code out = 2 * in}, and a
     * negative first input is returned as the status.
     */
    @TvmModel(name = "checked", prefix = "acme")
    public interface Checked {
        @EntryPoint
        void run(@Input(size = 8) int[] in, @Output(size = 8) int[] out);
    }
}
