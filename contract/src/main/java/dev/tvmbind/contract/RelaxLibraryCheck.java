package dev.tvmbind.contract;

import dev.tvmbind.DType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether a Relax library is the one a {@code @TvmRelax} interface describes: every method's
 * function exists, with the method's arity and parameter names ({@code inputIds} agrees with
 * {@code input_ids}), each parameter is of the kind the library annotates (a tensor, a shape, a
 * number), and declared tensors agree with the library's annotations. The runtime's load, javac
 * ({@code -Atvmbind.tvmOutput}) and the build's check ask this one class.
 */
public final class RelaxLibraryCheck {
    private RelaxLibraryCheck() {}

    /** Where a difference is: the function itself, one of its parameters, or its result. */
    public static final int FUNCTION = -1;
    public static final int RESULT = -2;

    /** What differs. */
    public enum Kind { MISSING_FUNCTION, ARITY, PARAMETER_NAME, PARAMETER_KIND, TENSOR }

    /**
     * One difference.
     *
     * @param function the index of the method in the interface's list
     * @param parameter its parameter's index, {@link #FUNCTION} or {@link #RESULT}
     * @param kind what differs
     * @param text what differs, said as messages say it
     */
    public record Difference(int function, int parameter, Kind kind, String text) {}

    /** Every difference between the declared functions and the library's, in order. */
    public static List<Difference> differences(List<FfiFunctionContract> declared,
            RelaxLibraryFacts library) {
        List<Difference> differences = new ArrayList<>();
        for (int f = 0; f < declared.size(); f++) {
            FfiFunctionContract function = declared.get(f);
            RelaxLibraryFacts.Function found = library.functions().get(function.name());
            if (found == null) {
                differences.add(new Difference(f, FUNCTION, Kind.MISSING_FUNCTION,
                        function.method() + ": no Relax function '" + function.name() + "'"));
                continue;
            }
            int arity = found.parameterNames().size();
            if (arity != function.parameters().size()) {
                differences.add(new Difference(f, FUNCTION, Kind.ARITY, function.method() + ": '"
                        + function.name() + "' takes " + arity + " parameters"));
                continue;
            }
            for (int i = 0; i < arity; i++) {
                parameter(f, function, i, found).ifPresent(differences::add);
            }
            int index = f;
            if (function.resultShape().isPresent() && found.result().orElse(null)
                    instanceof RelaxType.Tensor result) {
                tensor(function.resultShape().get(), result).ifPresent(why -> differences.add(
                        new Difference(index, RESULT, Kind.TENSOR, function.method()
                                + ": the result is declared " + function.resultShape().get()
                                + ", the library's is " + result.text() + " (" + why + ")")));
            }
        }
        return differences;
    }

    private static Optional<Difference> parameter(int f, FfiFunctionContract function, int i,
            RelaxLibraryFacts.Function found) {
        FfiFunctionContract.Parameter parameter = function.parameters().get(i);
        String relax = found.parameterNames().get(i);
        if (!comparable(relax).equals(comparable(parameter.name()))) {
            return Optional.of(new Difference(f, i, Kind.PARAMETER_NAME, function.method()
                    + ": parameter " + i + " is '" + relax + "' in the library, '"
                    + parameter.name() + "' in the method"));
        }
        RelaxType annotation = found.parameters().get(i);
        Optional<String> kind = javaType(annotation).filter(t -> !t.equals(parameter.type()))
                .map(t -> t.javaName());
        if (kind.isPresent()) {
            return Optional.of(new Difference(f, i, Kind.PARAMETER_KIND, function.method()
                    + ": parameter " + parameter.name() + " is " + parameter.type().javaName()
                    + ", the library's is " + annotation.text() + " (Java's " + kind.get() + ")"));
        }
        if (parameter.shape().isPresent() && annotation instanceof RelaxType.Tensor tensor) {
            return tensor(parameter.shape().get(), tensor).map(why -> new Difference(f, i,
                    Kind.TENSOR, function.method() + ": parameter " + parameter.name()
                            + " is declared " + parameter.shape().get() + ", the library's is "
                            + tensor.text() + " (" + why + ")"));
        }
        return Optional.empty();
    }

    /** The Java type a parameter of this annotation is passed as, when the annotation says. */
    public static Optional<FfiType> javaType(RelaxType annotation) {
        if (annotation instanceof RelaxType.Tensor) {
            return Optional.of(FfiType.Plain.TENSOR);
        } else if (annotation instanceof RelaxType.Shape) {
            return Optional.of(FfiType.Plain.SHAPE);
        } else if (annotation instanceof RelaxType.Prim prim && !prim.dtype().equals("bool")) {
            return Optional.of(prim.floating() ? FfiType.Plain.DOUBLE : FfiType.Plain.LONG);
        }
        return Optional.empty();
    }

    /**
     * Why a declaration disagrees with the library's: another rank or dtype, another number, or
     * a name where the library fixes a number (Java would pass what the VM refuses). A number
     * where the library has a name is narrower, and agrees.
     */
    private static Optional<String> tensor(FfiTensorShape declared, RelaxType.Tensor library) {
        if (declared.dtype().isPresent() && library.dtype().isPresent()
                && !declared.dtype().map(DType::tvmName).equals(library.dtype())) {
            return Optional.of("dtype");
        }
        if (library.ndim() >= 0 && declared.dims().size() != library.ndim()) {
            return Optional.of("rank");
        }
        if (library.dims().isPresent()) {
            List<String> dims = library.dims().get();
            for (int axis = 0; axis < declared.dims().size(); axis++) {
                boolean fixed = dims.get(axis).chars().allMatch(Character::isDigit);
                if (fixed && (declared.symbolic(axis)
                        || !declared.dims().get(axis).equals(dims.get(axis)))) {
                    return Optional.of("axis " + axis);
                }
            }
        }
        return Optional.empty();
    }

    /** A name as two spellings of it compare: {@code inputIds} and {@code input_ids} agree. */
    private static String comparable(String name) {
        return name.replace("_", "").toLowerCase(Locale.ROOT);
    }
}
