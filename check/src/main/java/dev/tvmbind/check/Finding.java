package dev.tvmbind.check;

import dev.tvmbind.TensorRole;
import java.util.List;
import java.util.Objects;

/**
 * One thing reading TVM's output or comparing a model with it found, not yet printed: the message,
 * its arguments, and the part of the model it belongs to, which whoever prints it turns into a
 * place (javac: the element; the Maven goal: the interface and parameter).
 *
 * @param message the catalog entry
 * @param place the part of the model, or {@link Place#OUTPUT} for the TVM output itself
 * @param role the tensor's role, for {@link Place#TENSOR}; else null
 * @param index the tensor's place among the described parameters of its role, from 0, for
 *     {@link Place#TENSOR}; the method's place in its interface for {@link Place#FUNCTION} and
 *     {@link Place#PARAMETER}; else -1
 * @param parameter the parameter's place in the method, for {@link Place#PARAMETER}; else -1
 * @param args the arguments of the message's format
 */
public record Finding(CheckMessage message, Place place, TensorRole role, int index,
        int parameter, List<Object> args) {
    /** Where a finding belongs. */
    public enum Place {
        /** The TVM output as a whole (the option, or a file of it). */
        OUTPUT,
        /** The model's interface. */
        MODEL,
        /** Its {@code reentrant = true}. */
        REENTRANT,
        /** Its tensor entry point. */
        RUN,
        /** One of the entry point's tensor parameters. */
        TENSOR,
        /** A method of a {@code @TvmRelax} interface. */
        FUNCTION,
        /** A parameter of a method of a {@code @TvmRelax} interface. */
        PARAMETER
    }

    /** Refuses arguments that do not fit the message, where the finding is made, not printed. */
    public Finding {
        Objects.requireNonNull(message);
        Objects.requireNonNull(place);
        args = List.copyOf(args);
        message.text(args.toArray());
    }

    public static Finding of(CheckMessage message, Place place, Object... args) {
        return new Finding(message, place, null, -1, -1, List.of(args));
    }

    public static Finding onTensor(CheckMessage message, TensorRole role, int index,
            Object... args) {
        return new Finding(message, Place.TENSOR, role, index, -1, List.of(args));
    }

    /** On method {@code function} of a Relax interface, or on its parameter ({@code >= 0}). */
    public static Finding onFunction(CheckMessage message, int function, int parameter,
            Object... args) {
        return new Finding(message, parameter < 0 ? Place.FUNCTION : Place.PARAMETER, null,
                function, parameter, List.of(args));
    }

    /** The text, key first. */
    public String text() {
        return message.text(args.toArray());
    }

    public boolean isError() {
        return message.error();
    }
}
