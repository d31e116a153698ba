package dev.tvmbind.it;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.Input;
import dev.tvmbind.Output;
import dev.tvmbind.TvmModel;

/**
 * A model whose interface inherits constants named like every class and package its binding
 * calls ({@code hostile.c}): in {@code Linked}, which implements it, they hide both the simple
 * and the qualified name of those classes where an expression is expected.
 */
@TvmModel(prefix = "hostile", name = "echo")
public interface Hostile extends HostileNames {
    @EntryPoint
    int run(@Input(value = "in", size = 8) byte[] in, @Output(value = "out", size = 4) byte[] out);

    /** The length of {@code text} plus the sum of {@code values}, copied to C. */
    @EntryPoint
    double measure(String text, double[] values, int n);

    /** The sum of {@code values}, passed to C as a heap segment. */
    @EntryPoint(critical = true)
    long sum(long[] values, int n);
}
