package dev.tvmbind.it;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.Input;
import dev.tvmbind.Output;
import dev.tvmbind.TvmModel;
import java.lang.foreign.MemorySegment;

/** A model whose input no machine can allocate: an executor must say so, not fail bare. */
@TvmModel(name = "huge")
public interface Huge {
    /**
     * Never called.
     *
     * @param in a petabyte
     * @param out four bytes
     */
    @EntryPoint
    void run(@Input(value = "in", size = 1L << 50) MemorySegment in,
             @Output(value = "out", size = 4) MemorySegment out);
}
