package com.acme;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.Input;
import dev.tvmbind.Output;
import dev.tvmbind.TvmModel;

/** The keyword spotter of README's tutorial. */
@TvmModel(name = "default", prefix = "tvmgen", workspaceSize = 56448, checked = true)
public interface KeywordSpotter {
    @EntryPoint
    void run(@Input(value = "input_1", dtype = "int8", shape = {1, 49, 10, 1}) byte[] features,
            @Output(value = "Identity", dtype = "int8", shape = {1, 12}) byte[] scores);
}
