package com.acme;

import dev.tvmbind.DType;
import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.relax.RelaxBundle;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;

/** Classifies the batch of input.bin with the model in this jar; prints each output in hex. */
public final class Main {
    public static void main(String[] args) throws Exception {
        byte[] batch = Files.readAllBytes(Path.of(args[0]));
        try (Model model = ModelBinding.load(RelaxBundle.extract("model"));
                Arena arena = Arena.ofConfined();
                Tensor x = Tensor.of(arena.allocateFrom(ValueLayout.JAVA_BYTE, batch),
                        DType.FLOAT32, 2, batch.length / 8)) {
            Object result = model.classify(x);
            for (Object tensor : (List<?>) result) {
                System.out.println(HexFormat.of().formatHex(((Tensor) tensor).data()
                        .toArray(ValueLayout.JAVA_BYTE)));
            }
        }
    }
}
