package dev.tvmbind.benchmarks;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.Input;
import dev.tvmbind.Output;
import dev.tvmbind.TvmModel;

/**
 * MLPerf Tiny's keyword spotter as TVM 0.17 compiled it ({@code shared/tvm-mlf/aww}): the
 * interface that {@code RealTvmModelTest} checks against TVM's output. {@code run.sh} builds TVM's
 * C into {@code libaww.so} when the fixture is there.
 */
@TvmModel(name = "default", workspaceSize = 56448)
public interface Aww {
    @EntryPoint
    int run(@Input(value = "input_1", dtype = "int8", shape = {1, 49, 10, 1}) byte[] features,
            @Output(value = "Identity", dtype = "int8", shape = {1, 12}) byte[] scores);
}
