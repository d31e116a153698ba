package com.acme;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.Input;
import dev.tvmbind.Output;
import dev.tvmbind.TvmModel;

/** TVM 0.9's sine model: its output records no dtypes, so the arrays say them. */
@TvmModel(name = "default", workspaceSize = 1184, checked = true)
public interface Sine {
    @EntryPoint
    int run(@Input(value = "dense_4_input", shape = {1, 1}) float[] x,
            @Output(value = "Identity", shape = {1, 1}) float[] y);
}
