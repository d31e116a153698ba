package dev.tvmbind.processor.validate;

import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.model.Declared;
import dev.tvmbind.processor.model.Declared.Written;
import dev.tvmbind.processor.model.EntryPointSpec;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.NamePart;
import dev.tvmbind.processor.model.ParamSpec;
import dev.tvmbind.processor.model.Role;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Decides what an interface declares ({@link Declared.Type}, as {@code read/} recorded it) into
 * a {@link ModelSpec}, by the rules of {@link DeclarationRules} (where the annotations stand),
 * {@link ParameterRules} (types and roles) and {@link TensorRules} (dtype, shape, size). What a
 * rule refuses is reported and left out, so that one cause gives one diagnostic; the naming
 * rules follow in {@link ModelValidator}.
 */
public final class DeclarationValidator {
    private DeclarationValidator() {}

    /** A model as far as its declarations allow, and the problems they have. */
    public record Result(Optional<ModelSpec> model, List<Problem> problems) {}

    public static Result decide(Declared.Type type) {
        List<Problem> problems = new ArrayList<>();
        if (type.model().isEmpty()) {
            problems.add(DeclarationRules.notAnInterface(type.site(), type.kind(),
                    type.simpleName()));
            return new Result(Optional.empty(), problems);
        }
        Declared.Model model = type.model().get();
        problems.addAll(DeclarationRules.implementable(type.facts(), type.site()));
        List<EntryPointSpec> entryPoints = new ArrayList<>();
        for (Declared.Method method : model.methods()) {
            entryPoint(method, problems).ifPresent(entryPoints::add);
        }
        long workspaceSize = model.workspaceSize().map(Written::value).orElse(0L);
        model.workspaceSize().flatMap(w -> DeclarationRules.size(w.site(), "workspaceSize",
                type.simpleName(), w.value())).ifPresent(problems::add);
        return new Result(Optional.of(new ModelSpec(model.packageName(), model.simpleNames(),
                model.prefix(), model.name(), workspaceSize, model.checked(), model.reentrant(),
                model.reentrantSite(), entryPoints, model.warningsSuppressed(), model.site(),
                model.members(), model.packageTypeNames(), model.generatedAnnotation())),
                problems);
    }

    private static Optional<EntryPointSpec> entryPoint(Declared.Method method,
            List<Problem> problems) {
        Optional<Problem> misplaced = DeclarationRules.method(method.site(), method.described(),
                method.owner(), method.annotated(), method.notAbstract(), method.generic());
        if (misplaced.isPresent() || !method.annotated()) {
            misplaced.ifPresent(problems::add);
            return Optional.empty();
        }
        List<ParamSpec> params = params(method, problems);
        Optional<Problem> unsupported = DeclarationRules.unsupportedReturn(method.site(),
                method.described(), method.returnType(), method.returnName());
        if (unsupported.isPresent()) {
            problems.add(unsupported.get());
            return Optional.empty();
        }
        DeclarationRules.tensorReturn(method.site(), method.described(),
                method.returnType().get(), method.returnName(), method.tensor())
                .ifPresent(problems::add);
        return Optional.of(new EntryPointSpec(method.javaName(), method.function(),
                method.critical(), method.doc(), method.returnDoc(), method.returnType().get(),
                params, method.site()));
    }

    /** The parameters each rule lets through; a tensor's written values decided. */
    private static List<ParamSpec> params(Declared.Method method, List<Problem> problems) {
        // Every role written, a parameter's second one too: its two-roles error is the one cause.
        Set<Role> written = EnumSet.noneOf(Role.class);
        for (Declared.Parameter parameter : method.params()) {
            written.addAll(parameter.roles());
            ParameterRules.roles(parameter.site(), parameter.name(), parameter.annotations())
                    .ifPresent(problems::add);
        }
        boolean tensor = method.tensor();
        List<ParamSpec> specs = new ArrayList<>();
        for (Declared.Parameter parameter : method.params()) {
            Optional<Problem> broken = ParameterRules.parameter(parameter, method.described(),
                    tensor);
            if (broken.isPresent()) {
                problems.add(broken.get());
                continue;
            }
            specs.add(parameter.tensor()
                    .map(t -> TensorRules.decide(t, method.described(), problems))
                    .orElseGet(() -> new ParamSpec(parameter.name(), parameter.type().get(),
                            Role.PLAIN, new NamePart(parameter.name(), NamePart.Origin.WRITTEN,
                                    parameter.site()), parameter.name(), 0, Optional.empty(),
                            List.of(), parameter.doc(), parameter.site())));
        }
        if (tensor) {
            problems.addAll(ParameterRules.inputAndOutput(written, method.methodSite(),
                    method.described()));
        }
        return specs;
    }
}
