package dev.tvmbind.processor.read;

import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.model.JavaType;
import dev.tvmbind.processor.model.NamePart.Origin;
import dev.tvmbind.processor.model.NamePart;
import dev.tvmbind.processor.model.ParamSpec;
import dev.tvmbind.processor.model.Role;
import dev.tvmbind.processor.model.Site;
import dev.tvmbind.processor.model.TensorAnnotations;
import dev.tvmbind.processor.validate.ParameterRules;
import dev.tvmbind.processor.validate.TensorRules;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;

/**
 * Reads the parameters of an entry point: what each declares and where, decided by the rules of
 * {@link ParameterRules} (types, roles) and {@link TensorRules} (dtype, shape, size).
 */
final class ParamReader {
    record Params(List<ParamSpec> params, boolean tensor) {}

    private record Annotated(Role role, AnnotationMirror mirror) {}

    Params read(ExecutableElement method, String described, DocComments doc, List<Problem> problems) {
        List<VariableElement> parameters = List.copyOf(method.getParameters());
        List<Optional<Annotated>> roles = new ArrayList<>();
        // Every role written, a parameter's second one too: its two-roles error is the one cause.
        Set<Role> written = EnumSet.noneOf(Role.class);
        for (VariableElement parameter : parameters) {
            roles.add(role(parameter, problems, written));
        }
        boolean tensor = roles.stream().anyMatch(Optional::isPresent);
        List<ParamSpec> specs = new ArrayList<>();
        for (int i = 0; i < parameters.size(); i++) {
            VariableElement parameter = parameters.get(i);
            String name = parameter.getSimpleName().toString();
            Site site = Site.of(parameter);
            Optional<JavaType> type = TypeMapper.map(parameter.asType());
            ParameterRules.Declared declared = new ParameterRules.Declared(name, site, type,
                    TypeMapper.shortName(parameter.asType()),
                    method.isVarArgs() && i == parameters.size() - 1, roles.get(i).isPresent());
            Optional<Problem> broken = ParameterRules.parameter(declared, described, tensor);
            if (broken.isPresent()) {
                problems.add(broken.get());
                continue;
            }
            String paramDoc = doc.params().getOrDefault(name, "");
            specs.add(roles.get(i)
                    .map(a -> TensorRules.decide(tensor(parameter, type.get(), a, paramDoc),
                            described, problems))
                    .orElseGet(() -> new ParamSpec(name, type.get(), Role.PLAIN,
                            new NamePart(name, Origin.WRITTEN, site), name, 0,
                            Optional.empty(), List.of(), paramDoc, site)));
        }
        if (tensor) {
            problems.addAll(ParameterRules.inputAndOutput(written, Site.of(method), described));
        }
        return new Params(specs, tensor);
    }

    private static Optional<Annotated> role(VariableElement parameter, List<Problem> problems,
            Set<Role> written) {
        List<Annotated> found = new ArrayList<>();
        for (TensorAnnotations.Tensor tensor : TensorAnnotations.ALL) {
            Annotations.find(parameter, tensor.annotation())
                    .ifPresent(m -> found.add(new Annotated(tensor.role(), m)));
        }
        found.forEach(a -> written.add(a.role()));
        ParameterRules.roles(Site.of(parameter), parameter.getSimpleName(), found.stream()
                        .map(a -> "@" + a.mirror().getAnnotationType().asElement().getSimpleName())
                        .toList())
                .ifPresent(problems::add);
        return found.stream().findFirst();
    }

    /** What the tensor annotation wrote, each value with where. */
    private static TensorRules.Tensor tensor(VariableElement parameter, JavaType type,
            Annotated role, String doc) {
        String javaName = parameter.getSimpleName().toString();
        AnnotationMirror mirror = role.mirror();
        Site site = Site.of(parameter).at(mirror, null);
        NamePart name = writtenText(mirror, "value")
                .map(v -> new NamePart(Annotations.string(v), Origin.WRITTEN,
                        Site.of(parameter).at(mirror, v)))
                .orElse(new NamePart(javaName, Origin.DERIVED, site));
        Optional<AnnotationValue> shape = Annotations.written(mirror, "shape");
        return new TensorRules.Tensor(javaName, type, role.role(), name, site, doc,
                Annotations.written(mirror, "size").map(v -> new TensorRules.Written<>(
                        Annotations.number(v), Site.of(parameter).at(mirror, v))),
                writtenText(mirror, "dtype").map(v -> new TensorRules.Written<>(
                        Annotations.string(v), Site.of(parameter).at(mirror, v))),
                shape.map(v -> Annotations.list(v).stream()
                        .map(d -> new TensorRules.Written<>(Annotations.number(d),
                                Site.of(parameter).at(mirror, d)))
                        .toList()),
                shape.map(v -> Site.of(parameter).at(mirror, v)).orElse(site));
    }

    /** A string member written with a non-empty value: {@code dtype = ""} means the default. */
    private static Optional<AnnotationValue> writtenText(AnnotationMirror mirror, String member) {
        return Annotations.written(mirror, member).filter(v -> !Annotations.string(v).isEmpty());
    }
}
