package com.acme;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.TvmModel;

/** A prefix that C reserves. */
@TvmModel(prefix = "_acme")
public interface SensorFusion {
    @EntryPoint int version();
}
