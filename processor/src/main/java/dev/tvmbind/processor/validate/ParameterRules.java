package dev.tvmbind.processor.validate;

import dev.tvmbind.processor.diag.Message;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.model.Declared;
import dev.tvmbind.processor.model.JavaType;
import dev.tvmbind.processor.model.Role;
import dev.tvmbind.processor.model.Site;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The rules of an entry point's parameters (README's "Java and C types"): one role a parameter,
 * a type with a C counterpart, tensors only in a tensor entry point and never beside plain
 * parameters, and a run function with an input and an output.
 */
public final class ParameterRules {
    private ParameterRules() {}

    /** A parameter with two tensor annotations: the first is kept, the second refused. */
    public static Optional<Problem> roles(Site parameter, CharSequence name, List<String> annotations) {
        return annotations.size() < 2 ? Optional.empty()
                : Optional.of(Problem.of(Message.TWO_ROLES, parameter, name,
                        String.join(" and ", annotations)));
    }

    /**
     * The first rule the parameter breaks, if any.
     *
     * @param tensorEntryPoint whether any parameter of the method has a tensor annotation
     */
    public static Optional<Problem> parameter(Declared.Parameter declared, String described,
            boolean tensorEntryPoint) {
        if (tensorEntryPoint && declared.roles().isEmpty()) {
            return Optional.of(Problem.of(Message.MIXED_PARAMETERS, declared.site(),
                    declared.name(), described));
        }
        if (declared.varargs()) {
            String array = declared.typeName();
            return Optional.of(Problem.of(Message.VARARGS, declared.site(), declared.name(),
                    described, array.substring(0, array.length() - 2) + "...", array));
        }
        if (declared.type().isEmpty() || declared.type().get() == JavaType.VOID) {
            return Optional.of(Problem.of(Message.UNSUPPORTED_TYPE, declared.site(),
                    declared.name(), described, declared.typeName()));
        }
        if (tensorEntryPoint && !declared.type().get().isTensorType()) {
            return Optional.of(Problem.of(Message.TENSOR_TYPE, declared.site(), declared.name(),
                    described, declared.typeName()));
        }
        return Optional.empty();
    }

    /** TVM's run function needs an input and an output (ISO C has no empty structs). */
    public static List<Problem> inputAndOutput(Set<Role> written, Site method, String described) {
        return Stream.of(Role.INPUT, Role.OUTPUT).filter(r -> !written.contains(r))
                .map(r -> Problem.of(Message.MISSING_INPUT_OUTPUT, method, described,
                        r == Role.INPUT ? "Input" : "Output"))
                .toList();
    }
}
