package model;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.TvmModel;

@TvmModel(name = "adder")
public interface Adder {
    @EntryPoint int add(int a, int b);
}
