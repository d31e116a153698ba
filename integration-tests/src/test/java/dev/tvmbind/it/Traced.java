package dev.tvmbind.it;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.Input;
import dev.tvmbind.Output;
import dev.tvmbind.TvmModel;

/** A model loaded by {@link DebuggingTest} alone, so that its first library is the test's. */
@TvmModel(name = "traced")
interface Traced {
    @EntryPoint
    void run(@Input(value = "x", size = 4) byte[] x, @Output(value = "y", size = 4) byte[] y);
}
