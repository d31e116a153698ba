package dev.tvmbind.runtime;

import java.io.Serial;

/**
 * A library exports every symbol of a model's interface, but it is not the model javac checked
 * the interface against ({@code @TvmModel(checked = true)}): its TVM-generated operators differ,
 * so the tensors' sizes may too. The message names the library, the model and the TVM output.
 * Thrown before any call.
 */
public final class WrongModelError extends UnsatisfiedLinkError {
    @Serial private static final long serialVersionUID = 1L;

    WrongModelError(String message) {
        super(message);
    }
}
