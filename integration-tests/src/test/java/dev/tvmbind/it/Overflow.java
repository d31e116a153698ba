package dev.tvmbind.it;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.Input;
import dev.tvmbind.Output;
import dev.tvmbind.TvmModel;

/** A model whose C writes past its declared output when asked ({@code overflow.c}). */
@TvmModel(name = "overflow")
public interface Overflow {
    /**
     * Writes 7 into the output and into {@code in[0]} int32 past its end.
     *
     * @param in how far past the end to write
     * @param out one int32
     */
    @EntryPoint
    void run(@Input(value = "in", shape = {1}) int[] in, @Output(value = "out", shape = {1}) int[] out);
}
