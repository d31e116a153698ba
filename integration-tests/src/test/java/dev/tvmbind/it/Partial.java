package dev.tvmbind.it;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.TvmModel;

/** A model whose library, {@code src/test/c/partial.c}, implements only {@code present}. */
@TvmModel(name = "partial")
public interface Partial {
    @EntryPoint int present();
    @EntryPoint int missingOne();
    @EntryPoint void missingTwo(int x);
}
