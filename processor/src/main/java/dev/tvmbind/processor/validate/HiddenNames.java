package dev.tvmbind.processor.validate;

import dev.tvmbind.processor.diag.Message;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.ScopeMember;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The rule of names a binding cannot write (README's "hidden-name"): given what the generator
 * found of the classes its binding names in bodies where the interface's inherited members are
 * in scope, a problem on each member that hides a class and the first part of its package, and
 * on an interface its binding cannot name.
 */
public final class HiddenNames {
    private HiddenNames() {}

    /**
     * @param unreachable each member that hides both spellings of classes the binding names, with
     *     those classes
     * @param interfaceBlocker the member that hides the interface's own qualified name, if any
     * @param nestedHider the binding's nested class that hides an interface of its name in the
     *     default package, if any
     */
    public static List<Problem> problems(ModelSpec model, Map<ScopeMember, List<String>> unreachable,
            Optional<ScopeMember> interfaceBlocker, Optional<String> nestedHider) {
        List<Problem> problems = new ArrayList<>();
        unreachable.forEach((member, classes) -> problems.add(hidden(member, model,
                String.join(", ", classes))));
        interfaceBlocker.ifPresent(b -> problems.add(hidden(b, model, model.qualifiedName())));
        nestedHider.ifPresent(nested -> problems.add(Problem.of(Message.NESTED_HIDES_INTERFACE,
                model.site(), model.qualifiedName(), nested)));
        return problems;
    }

    private static Problem hidden(ScopeMember member, ModelSpec model, String classes) {
        return Problem.of(Message.HIDDEN_NAME, member.site(),
                member.type() ? "member type" : "constant", member.name(), model.qualifiedName(),
                classes);
    }
}
