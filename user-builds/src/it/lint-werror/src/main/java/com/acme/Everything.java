package com.acme;

import dev.tvmbind.Device;
import dev.tvmbind.EntryPoint;
import dev.tvmbind.Input;
import dev.tvmbind.Output;
import dev.tvmbind.TvmModel;
import dev.tvmbind.WorkspacePool;
import java.lang.foreign.MemorySegment;

/** Every kind of entry point and parameter. */
@TvmModel(prefix = "acme")
public interface Everything {
    /** Runs the model. */
    @EntryPoint
    void run(@Input(value = "x:0", dtype = "int8", shape = {1, 49, 10, 1}) byte[] x,
            @Input(value = "bias", dtype = "float32", shape = {4}) MemorySegment bias,
            @Output(value = "y", shape = {1, 12}) float[] y,
            @WorkspacePool(value = "sram", size = 1024) MemorySegment sram,
            @Device("npu") MemorySegment npu);

    @EntryPoint int length(String text);

    @EntryPoint void fill(double[] values, long count);

    @EntryPoint(critical = true) int sum(int[] values);

    @EntryPoint MemorySegment at(MemorySegment base, long offset);

    @EntryPoint boolean ready();

    @EntryPoint char upper(char c);
}
