package dev.tvmbind.contract;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a Relax library says a value of one of its functions is, read from TVM's text of it
 * ({@link RelaxTypeText}): the executable's own annotations ({@code stats}) and, in a signature
 * file, {@code param.ty} and {@code func.ret_ty}. Text not read is {@link Unknown}, never a guess.
 */
public sealed interface RelaxType
        permits RelaxType.Tensor, RelaxType.Shape, RelaxType.Prim, RelaxType.Tuple,
        RelaxType.Unknown {
    /** TVM's text of it, as read. */
    String text();

    /**
     * {@code R.Tensor((n, 784), dtype="float32")}: a tensor.
     *
     * @param dims its dimensions (literals or names), when TVM gives them all
     * @param ndim its rank, -1 when not given
     * @param dtype its data type's TVM name, when given
     * @param text TVM's text
     */
    record Tensor(Optional<List<String>> dims, int ndim, Optional<String> dtype, String text)
            implements RelaxType {
        public Tensor {
            dims = dims.map(List::copyOf);
            Objects.requireNonNull(dtype, "dtype");
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * {@code R.Shape([m, 3])}: a shape ({@code ffi.Shape}, Java's {@code long[]}).
     *
     * @param dims its values (literals or names), when TVM gives them
     * @param text TVM's text
     */
    record Shape(Optional<List<String>> dims, String text) implements RelaxType {
        public Shape {
            dims = dims.map(List::copyOf);
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * {@code T.int64}, {@code T.float64}: a number.
     *
     * @param dtype its TVM name
     * @param text TVM's text
     */
    record Prim(String dtype, String text) implements RelaxType {
        /** Whether Java passes it as {@code double} (else {@code long}). */
        public boolean floating() {
            return dtype.startsWith("float") || dtype.startsWith("bfloat");
        }
    }

    /**
     * {@code T.Tuple(…)}: a tuple, whose items may be tuples.
     *
     * @param items its items, in order
     * @param text TVM's text
     */
    record Tuple(List<RelaxType> items, String text) implements RelaxType {
        public Tuple {
            items = List.copyOf(items);
        }
    }

    /**
     * Text of another form ({@code R.Any}, an expression as a dimension), or none: the value is
     * not compared, and {@code describe} says so.
     *
     * @param text TVM's text, or "" where the library has none
     */
    record Unknown(String text) implements RelaxType {}
}
