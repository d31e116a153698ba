package dev.tvmbind.it;

import dev.tvmbind.DType;
import dev.tvmbind.EntryPoint;
import dev.tvmbind.Shape;
import dev.tvmbind.TvmRelax;
import dev.tvmbind.runtime.ffi.Tensor;
import java.util.List;

/** Typed interfaces over the models of {@code relax_models.py} ({@link RelaxTypedTest}). */
public final class RelaxTyped {
    private RelaxTyped() {}

    /** The MLP, its tensors declared as Relax declares them. */
    @TvmRelax
    public interface Mlp extends AutoCloseable {
        @Shape(value = {"n", "10"}, dtype = DType.FLOAT32)
        Tensor forward(@Shape(value = {"n", "784"}, dtype = DType.FLOAT32) Tensor x);

        @Override
        void close();
    }

    /** The README's example, as it is there. */
    @TvmRelax
    public interface AddOne extends AutoCloseable {
        @Shape(value = "n", dtype = DType.FLOAT32)
        Tensor addOne(@Shape(value = "n", dtype = DType.FLOAT32) Tensor x);   // Relax's add_one

        @Override
        void close();
    }

    /** The conv net's {@code main}, under a name of Java's. */
    @TvmRelax
    public interface Conv {
        @EntryPoint("main")
        Tensor classify(@Shape({"1", "3", "8", "8"}) Tensor image);
    }

    /** Two functions of one module. */
    @TvmRelax
    public interface TwoFunctions extends AutoCloseable {
        Tensor scale(Tensor x, Tensor by);

        Tensor shift(Tensor x);

        @Override
        void close();
    }

    /** A nested tuple: a tensor, then a pair of tensors. */
    @TvmRelax
    public interface Tuples {
        List<Object> split(Tensor x);
    }

    /** The tuple model's result as records: a tensor, then a pair of tensors. */
    public record Split(Tensor plusOne, Pair pair) {}

    /** The nested pair. */
    public record Pair(Tensor doubled, Tensor negated) {}

    /** The nested tuple filled into records. */
    @TvmRelax
    public interface TuplesAsRecords {
        Split split(Tensor x);
    }

    /** {@code R.topk}'s values and indices as a record. */
    public record Best(Tensor values, Tensor indices) {}

    /** Three tensors where the tuple has two: refused on return. */
    public record Three(Tensor a, Tensor b, Tensor c) {}

    /** {@code R.topk} as a record. */
    @TvmRelax
    public interface SortingAsRecords {
        Best best(Tensor x);
    }

    /** {@code R.topk} as a record of three: one method, one function. */
    @TvmRelax
    public interface SortingAsThree {
        @EntryPoint("best")
        Three three(Tensor x);
    }

    /** {@code R.argsort} and {@code R.topk} (values and indices). */
    @TvmRelax
    public interface Sorting {
        Tensor order(Tensor x);

        List<Tensor> best(Tensor x);
    }

    /** The MLP as it is not: another parameter name, a function it lacks, a wrong result. */
    @TvmRelax
    public interface NotTheMlp {
        Tensor forward(Tensor input);

        Tensor backward(Tensor x);
    }

    /** The MLP's tensors declared as they are not: a wrong width, a free width, a dtype. */
    @TvmRelax
    public interface MisdeclaredMlp {
        @Shape(value = {"n", "10"}, dtype = DType.FLOAT64)
        Tensor forward(@Shape({"n", "785"}) Tensor x);
    }

    /** The MLP, its input's width left free where the library fixes it. */
    @TvmRelax
    public interface LooseMlp {
        Tensor forward(@Shape({"n", "width"}) Tensor x);
    }

    /** The tuple model, its result declared as one tensor. */
    @TvmRelax
    public interface WrongResult {
        Tensor split(Tensor x);
    }
}
