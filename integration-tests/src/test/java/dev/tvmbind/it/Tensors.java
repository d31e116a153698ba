package dev.tvmbind.it;

import dev.tvmbind.Device;
import dev.tvmbind.EntryPoint;
import dev.tvmbind.Input;
import dev.tvmbind.Output;
import dev.tvmbind.TvmModel;
import dev.tvmbind.WorkspacePool;
import java.lang.foreign.MemorySegment;

/**
 * A tensor entry point with every kind of struct, implemented in {@code src/test/c/tensors.c}:
 * {@code y = x + bias}, {@code sum} the sum of y, the pool records a marker, and the status is the
 * int32 at the device context.
 */
@TvmModel(name = "tensors", workspaceSize = 64)
public interface Tensors {
    @EntryPoint
    int infer(@Device("npu") MemorySegment npu,
              @Input(value = "x:0", size = 16) float[] x,
              @Output(value = "y", shape = {1, 4}) float[] y,
              @WorkspacePool(value = "sram", size = 32) MemorySegment sram,
              @Input(value = "bias", dtype = "float32", shape = {4}) MemorySegment bias,
              @Output(value = "sum", size = 8) MemorySegment sum);

    /** How many times the run function was called. */
    @EntryPoint int runs();
}
