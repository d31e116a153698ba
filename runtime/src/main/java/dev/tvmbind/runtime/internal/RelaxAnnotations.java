package dev.tvmbind.runtime.internal;

import dev.tvmbind.contract.FfiFunctionContract;
import dev.tvmbind.contract.FfiTensorShape;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The tensor annotations of a Relax executable's functions, as its {@code stats()} text shows the
 * constants the VM's checks name: {@code ErrorContext(fn=forward, loc=param[0], param=x,
 * annotation=R.Tensor((n, 784), dtype="float32"))}, and {@code loc=return} where TVM checks the
 * result at run time. Text of another form is not read: those tensors are not compared.
 */
final class RelaxAnnotations {
    private static final Pattern CONTEXT = Pattern.compile("ErrorContext\\(fn=([^,]+), loc="
            + "(param\\[(\\d+)\\]|return)(?:, param=[^,]+)?, annotation=R\\.Tensor\\(\\(([^)]*)"
            + "\\), dtype=\"([a-z0-9_]+)\"\\)\\)");

    /** A tensor as Relax declares it: its dimensions (literals or names) and its dtype. */
    record Annotation(List<String> dims, String dtype) {
        @Override
        public String toString() {
            return "R.Tensor((" + String.join(", ", dims) + (dims.size() == 1 ? "," : "")
                    + "), \"" + dtype + "\")";
        }
    }

    /** By function, then {@code param[i]} or {@code return}. */
    private final Map<String, Map<String, Annotation>> annotations = new HashMap<>();

    RelaxAnnotations(String stats) {
        Matcher matcher = CONTEXT.matcher(stats);
        while (matcher.find()) {
            List<String> dims = Arrays.stream(matcher.group(4).split(",")).map(String::strip)
                    .filter(d -> !d.isEmpty()).toList();
            annotations.computeIfAbsent(matcher.group(1), f -> new HashMap<>()).put(
                    matcher.group(3) == null ? "return" : "param[" + matcher.group(3) + "]",
                    new Annotation(dims, matcher.group(5)));
        }
    }

    /** How the function's declared tensors differ from the library's annotations of them. */
    List<String> differences(FfiFunctionContract function) {
        Map<String, Annotation> of = annotations.getOrDefault(function.name(), Map.of());
        List<String> differences = new ArrayList<>();
        for (int i = 0; i < function.parameters().size(); i++) {
            FfiFunctionContract.Parameter parameter = function.parameters().get(i);
            Annotation annotation = of.get("param[" + i + "]");
            if (parameter.shape().isPresent() && annotation != null) {
                difference(parameter.shape().get(), annotation).ifPresent(why -> differences.add(
                        function.method() + ": parameter " + parameter.name() + " is declared "
                                + parameter.shape().get() + ", the library's is " + annotation
                                + " (" + why + ")"));
            }
        }
        Annotation result = of.get("return");
        if (function.resultShape().isPresent() && result != null) {
            difference(function.resultShape().get(), result).ifPresent(why -> differences.add(
                    function.method() + ": the result is declared " + function.resultShape()
                            .get() + ", the library's is " + result + " (" + why + ")"));
        }
        return differences;
    }

    /**
     * Why a declaration disagrees with the library's: another rank or dtype, another number, or
     * a name where the library fixes a number (Java would pass what the VM refuses). A number
     * where the library has a name is narrower, and agrees.
     */
    private static Optional<String> difference(FfiTensorShape declared, Annotation annotation) {
        if (declared.dtype().isPresent()
                && !declared.dtype().get().tvmName().equals(annotation.dtype())) {
            return Optional.of("dtype");
        }
        if (declared.dims().size() != annotation.dims().size()) {
            return Optional.of("rank");
        }
        for (int axis = 0; axis < declared.dims().size(); axis++) {
            String library = annotation.dims().get(axis);
            boolean fixed = library.chars().allMatch(Character::isDigit);
            if (fixed && (declared.symbolic(axis) || !declared.dims().get(axis).equals(library))) {
                return Optional.of("axis " + axis);
            }
        }
        return Optional.empty();
    }
}
