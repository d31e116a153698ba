package dev.tvmbind.processor.read;

import dev.tvmbind.processor.model.Declared;
import dev.tvmbind.processor.model.JavaType;
import dev.tvmbind.processor.model.NamePart.Origin;
import dev.tvmbind.processor.model.NamePart;
import dev.tvmbind.processor.model.Role;
import dev.tvmbind.processor.model.Site;
import dev.tvmbind.processor.model.TensorAnnotations;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;

/**
 * Reads the parameters of a method: what each declares and where. {@code validate/} decides
 * ({@code ParameterRules}: types, roles; {@code TensorRules}: dtype, shape, size).
 */
final class ParamReader {
    private ParamReader() {}

    private record Annotated(Role role, AnnotationMirror mirror) {}

    static List<Declared.Parameter> read(ExecutableElement method, DocComments doc) {
        List<VariableElement> parameters = List.copyOf(method.getParameters());
        List<Declared.Parameter> read = new ArrayList<>();
        for (int i = 0; i < parameters.size(); i++) {
            VariableElement parameter = parameters.get(i);
            String name = parameter.getSimpleName().toString();
            List<Annotated> found = new ArrayList<>();
            for (TensorAnnotations.Tensor tensor : TensorAnnotations.ALL) {
                Annotations.find(parameter, tensor.annotation())
                        .ifPresent(m -> found.add(new Annotated(tensor.role(), m)));
            }
            Optional<JavaType> type = TypeMapper.map(parameter.asType());
            String paramDoc = doc.params().getOrDefault(name, "");
            read.add(new Declared.Parameter(name, Site.of(parameter), type,
                    TypeMapper.shortName(parameter.asType()),
                    method.isVarArgs() && i == parameters.size() - 1,
                    found.stream().map(Annotated::role).toList(),
                    found.stream().map(a -> "@" + a.mirror().getAnnotationType().asElement()
                            .getSimpleName()).toList(),
                    found.stream().findFirst().flatMap(a -> type.map(t -> tensor(parameter, t, a,
                            paramDoc))),
                    paramDoc));
        }
        return read;
    }

    /** What the tensor annotation wrote, each value with where. */
    private static Declared.Tensor tensor(VariableElement parameter, JavaType type,
            Annotated role, String doc) {
        String javaName = parameter.getSimpleName().toString();
        AnnotationMirror mirror = role.mirror();
        Site site = Site.of(parameter).at(mirror, null);
        NamePart name = writtenText(mirror, "value")
                .map(v -> new NamePart(Annotations.string(v), Origin.WRITTEN,
                        Site.of(parameter).at(mirror, v)))
                .orElse(new NamePart(javaName, Origin.DERIVED, site));
        Optional<AnnotationValue> shape = Annotations.written(mirror, "shape");
        return new Declared.Tensor(javaName, type, role.role(), name, site, doc,
                Annotations.written(mirror, "size").map(v -> new Declared.Written<>(
                        Annotations.number(v), Site.of(parameter).at(mirror, v))),
                writtenText(mirror, "dtype").map(v -> new Declared.Written<>(
                        Annotations.string(v), Site.of(parameter).at(mirror, v))),
                shape.map(v -> Annotations.list(v).stream()
                        .map(d -> new Declared.Written<>(Annotations.number(d),
                                Site.of(parameter).at(mirror, d)))
                        .toList()),
                shape.map(v -> Site.of(parameter).at(mirror, v)).orElse(site));
    }

    /** A string member written with a non-empty value: {@code dtype = ""} means the default. */
    private static Optional<AnnotationValue> writtenText(AnnotationMirror mirror, String member) {
        return Annotations.written(mirror, member).filter(v -> !Annotations.string(v).isEmpty());
    }
}
