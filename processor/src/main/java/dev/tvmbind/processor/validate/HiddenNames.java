package dev.tvmbind.processor.validate;

import dev.tvmbind.processor.diag.Message;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.model.FfiSpec;
import dev.tvmbind.processor.model.HiddenClasses;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.ScopeMember;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The rule of names a binding cannot write (README's "hidden-name"): given what the generator
 * found of the classes its binding names in bodies where the interface's inherited members are
 * in scope, a problem on each member that hides a class and the first part of its package, and
 * on an interface its binding cannot name.
 */
public final class HiddenNames {
    private HiddenNames() {}

    /** @param hidden what the generator found its binding cannot name */
    public static List<Problem> problems(ModelSpec model, HiddenClasses hidden) {
        List<Problem> problems = new ArrayList<>();
        hidden.unreachable().forEach((member, classes) -> problems.add(hidden(member, model,
                String.join(", ", classes))));
        hidden.interfaceBlocker().ifPresent(b -> problems.add(hidden(b, model,
                model.qualifiedName())));
        hidden.nestedHider().ifPresent(nested -> problems.add(Problem.of(
                Message.NESTED_HIDES_INTERFACE, model.site(), model.qualifiedName(), nested)));
        return problems;
    }

    /** @param hidden each member of a {@code @TvmFfi} interface that hides what its binding names */
    public static List<Problem> problems(FfiSpec spec, Map<ScopeMember, List<String>> hidden) {
        List<Problem> problems = new ArrayList<>();
        hidden.forEach((member, classes) -> problems.add(Problem.of(Message.HIDDEN_NAME,
                member.site(), "member type", member.name(), spec.qualifiedName(),
                String.join(", ", classes))));
        return problems;
    }

    private static Problem hidden(ScopeMember member, ModelSpec model, String classes) {
        return Problem.of(Message.HIDDEN_NAME, member.site(),
                member.type() ? "member type" : "constant", member.name(), model.qualifiedName(),
                classes);
    }
}
