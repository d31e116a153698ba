package dev.tvmbind.it;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.Input;
import dev.tvmbind.Output;
import dev.tvmbind.TvmModel;
import java.lang.foreign.MemorySegment;

/**
 * Models for calls by name, implemented in {@code src/test/c/twins*.c}: three models called
 * {@code twin} under three prefixes, each adding its own constant ({@code out = in + 1, 2, 3});
 * a negative input is returned as the status. {@code slow} takes half a second.
 */
public interface Twins {
    @TvmModel(name = "twin")
    interface Default {
        @EntryPoint
        void run(@Input(value = "in:0", shape = 1) int[] in, @Output(value = "out", shape = 1) int[] out);
    }

    @TvmModel(name = "twin", prefix = "acme")
    interface Acme {
        @EntryPoint
        void run(@Input(value = "in:0", shape = 1) int[] in, @Output(value = "out", shape = 1) int[] out);
    }

    @TvmModel(name = "twin", prefix = "fw")
    interface Fw {
        @EntryPoint
        void run(@Input(value = "in:0", shape = 1) int[] in, @Output(value = "out", shape = 1) int[] out);
    }

    @TvmModel(name = "slow")
    interface Slow {
        @EntryPoint
        void run(@Input(value = "in", shape = 1) int[] in, @Output(value = "out", shape = 1) int[] out);
    }

    /** Its input has no size: an executor cannot allocate it. */
    @TvmModel(name = "unsized")
    interface Unsized {
        @EntryPoint
        void run(@Input("in") MemorySegment in, @Output(value = "out", shape = 1) int[] out);
    }
}
