package dev.tvmbind.it;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.Input;
import dev.tvmbind.Output;
import dev.tvmbind.TvmModel;

/** A model that writes exactly its output's declared bytes ({@code echo.c}). */
@TvmModel(name = "echo")
public interface Echo {
    /**
     * Copies the input's first 4 bytes to the output.
     *
     * @param in 8 bytes; the fifth is the status
     * @param out 4 bytes
     * @return the input's fifth byte
     */
    @EntryPoint
    int run(@Input(value = "in", size = 8) byte[] in, @Output(value = "out", size = 4) byte[] out);
}
