package com.acme;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.Input;
import dev.tvmbind.Output;
import dev.tvmbind.TvmModel;

/** The model of a user's own project. */
@TvmModel(prefix = "acme")
public interface SensorFusion {
    /** Fuses one reading. */
    @EntryPoint
    int run(@Input(value = "imu:0", shape = {1, 6}) float[] imu,
            @Output(value = "pose", shape = {1, 3}) float[] pose);

    @EntryPoint("get_version")
    int version();
}
