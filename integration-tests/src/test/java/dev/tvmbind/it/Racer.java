package dev.tvmbind.it;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.TvmModel;

/** A model loaded by {@link ConcurrentLoadTest} alone: its first loads race each other. */
@TvmModel(name = "racer")
interface Racer {
    @EntryPoint
    int twice(int x);

    @EntryPoint
    int calls();
}
