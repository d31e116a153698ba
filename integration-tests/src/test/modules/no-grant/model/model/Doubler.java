package model;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.Input;
import dev.tvmbind.Output;
import dev.tvmbind.TvmModel;

@TvmModel(name = "doubler")
public interface Doubler {
    @EntryPoint void run(@Input(value = "x", shape = 1) int[] x, @Output(value = "y", shape = 1) int[] y);
}
