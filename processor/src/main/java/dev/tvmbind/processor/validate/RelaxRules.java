package dev.tvmbind.processor.validate;

import dev.tvmbind.contract.FfiType;
import dev.tvmbind.processor.diag.Message;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.model.FfiSpec;
import dev.tvmbind.processor.model.Site;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rules of SPEC §14 for a {@code @TvmRelax} interface: each method a Relax function, taking
 * what a VM takes (tensors, shapes, numbers) and returning what it returns (a tensor, a tuple, or
 * anything as {@code Object}); no two methods on one function; none of the annotations that mean
 * something for exported C functions only. Its {@code @Shape}s follow the FFI's rules.
 */
final class RelaxRules {
    private RelaxRules() {}

    /** What a Relax function takes: a tensor, a shape ({@code ffi.Shape}), a number. */
    private static final Set<FfiType> PARAMETERS = Set.of(FfiType.Plain.TENSOR,
            FfiType.Plain.SHAPE, FfiType.Plain.LONG, FfiType.Plain.DOUBLE);
    /** What it returns: a tensor, a tuple of tensors, or any value. */
    private static final Set<FfiType> RESULTS = Set.of(FfiType.Plain.TENSOR,
            FfiType.listOf(FfiType.Plain.TENSOR), FfiType.Plain.ANY,
            FfiType.listOf(FfiType.Plain.ANY));

    static List<Problem> validate(FfiSpec spec) {
        if (!spec.kind().equals("interface")) {
            return List.of(Problem.of(Message.RELAX_NOT_AN_INTERFACE, spec.site(), spec.kind(),
                    spec.qualifiedName()));
        }
        List<Problem> problems = new ArrayList<>();
        for (FfiSpec.Unsupported u : spec.unsupported()) {
            problems.add(unsupported(u.site(), u.what(), u.method(), u.type()));
        }
        Map<String, FfiSpec.Function> byName = new HashMap<>();
        for (FfiSpec.Function function : spec.functions()) {
            function.tuple().ifPresent(tuple -> problems.addAll(components(tuple, function)));
            if (function.result() != null && !RESULTS.contains(function.result())) {
                problems.add(unsupported(function.site(), "the result", function.javaName(),
                        function.result().javaName()));
            }
            for (FfiSpec.Parameter parameter : function.parameters()) {
                FfiType type = parameter.owned() ? FfiType.Plain.TENSOR : parameter.type();
                if (type != null && !PARAMETERS.contains(type)) {
                    problems.add(unsupported(parameter.site(), "parameter " + parameter.name(),
                            function.javaName(), type.javaName()));
                }
                if (parameter.owned()) {
                    problems.add(Problem.of(Message.RELAX_ANNOTATION, parameter.site(),
                            "parameter " + parameter.name() + " of " + function.javaName(),
                            "@TvmFfi.Owned"));
                }
            }
            if (function.global()) {
                problems.add(Problem.of(Message.RELAX_ANNOTATION, function.nameSite(),
                        "method " + function.javaName(), "@Global"));
            }
            if (function.critical()) {
                problems.add(Problem.of(Message.RELAX_ANNOTATION, function.site(),
                        "method " + function.javaName(), "@EntryPoint(critical = true)"));
            }
            FfiSpec.Function first = byName.putIfAbsent(function.name(), function);
            if (first != null) {
                problems.add(Problem.of(Message.FFI_DUPLICATE_SYMBOL, function.nameSite(),
                        function.javaName(), first.javaName(), function.name()));
            }
            problems.addAll(FfiRules.shapes(function));
        }
        return problems;
    }

    /** Each component of a tuple's record (nested records too) a VM can fill. */
    private static List<Problem> components(FfiSpec.Tuple tuple, FfiSpec.Function function) {
        List<Problem> problems = new ArrayList<>();
        String record = tuple.type().substring(tuple.type().lastIndexOf('.') + 1);
        for (FfiSpec.Tuple.Component component : tuple.components()) {
            if (component.kind() == FfiSpec.Tuple.Kind.UNSUPPORTED) {
                problems.add(unsupported(function.site(), "component " + component.name()
                        + " of " + record + ", the result", function.javaName(),
                        component.javaType()));
            }
            component.tuple().ifPresent(nested -> problems.addAll(components(nested, function)));
        }
        return problems;
    }

    private static Problem unsupported(Site site, String what,
            String method, String type) {
        boolean result = what.endsWith("the result");
        return Problem.of(Message.RELAX_UNSUPPORTED_TYPE, site, what, method, type,
                result ? "return" : "take", result ? "Tensor, List<Tensor> for a tuple, a"
                        + " record of those for a tuple (nested records for nested tuples), or"
                        + " Object for any result (a List for a tuple)" : "Tensor, long[] for a"
                        + " shape, long or double");
    }
}
