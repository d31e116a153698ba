package dev.tvmbind.processor.validate;

import dev.tvmbind.EntryPoint;
import dev.tvmbind.Shape;
import dev.tvmbind.TvmFfi;
import dev.tvmbind.TvmRelax;
import dev.tvmbind.processor.diag.Message;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.model.Site;
import dev.tvmbind.processor.model.TensorAnnotations;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;

/**
 * Reports the DSL's annotations where they have no effect: an {@code @EntryPoint} in a type that
 * is neither a {@code @TvmModel} interface nor one that a model of the round extends, a tensor
 * annotation outside an {@code @EntryPoint} method. Left alone, they would silently generate
 * nothing.
 */
public final class OrphanAnnotations {
    private OrphanAnnotations() {}

    /**
     * @param present the DSL's annotations that elements of the round carry: only these are
     *     looked for, each search being a walk over every element of the round
     * @param modelTypes the round's model interfaces and the interfaces they extend, whose entry
     *     points they inherit
     * @return one error on each annotation that has no effect
     */
    public static List<Problem> check(Set<? extends TypeElement> present, RoundEnvironment round,
            Set<Element> modelTypes) {
        List<Problem> problems = new ArrayList<>();
        Set<String> names = new HashSet<>();
        present.forEach(a -> names.add(a.getQualifiedName().toString()));
        if (names.contains(EntryPoint.class.getName())) {
            for (Element method : round.getElementsAnnotatedWith(EntryPoint.class)) {
                Element type = method.getEnclosingElement();
                if (modelTypes.contains(type)) {
                    continue;
                }
                String described = type.getSimpleName() + "." + method.getSimpleName() + "()";
                if (type.getKind() == ElementKind.INTERFACE) {
                    problems.add(Problem.of(Message.ENTRY_POINT_OUTSIDE_MODEL, Site.of(method), described,
                            type.getSimpleName()));
                } else {
                    // @TvmModel there would be an error of its own (not-an-interface).
                    problems.add(Problem.of(Message.ENTRY_POINT_IN_CLASS, Site.of(method), described,
                            type.getKind().toString().toLowerCase(java.util.Locale.ROOT).replace('_', ' '),
                            type.getSimpleName()));
                }
            }
        }
        for (Class<? extends Annotation> annotation : TensorAnnotations.classes()) {
            if (!names.contains(annotation.getName())) {
                continue;
            }
            for (Element parameter : round.getElementsAnnotatedWith(annotation)) {
                Element method = parameter.getEnclosingElement();
                if (method.getAnnotation(EntryPoint.class) == null
                        || !modelTypes.contains(method.getEnclosingElement())) {
                    problems.add(Problem.of(Message.TENSOR_OUTSIDE_ENTRY_POINT, Site.of(parameter),
                            annotation.getSimpleName(), parameter.getSimpleName()));
                }
            }
        }
        if (names.contains(Shape.class.getName())) {
            for (Element shaped : round.getElementsAnnotatedWith(Shape.class)) {
                Element method = shaped.getKind() == ElementKind.PARAMETER
                        ? shaped.getEnclosingElement() : shaped;
                if (method.getEnclosingElement().getAnnotation(TvmFfi.class) == null
                        && method.getEnclosingElement().getAnnotation(TvmRelax.class) == null) {
                    problems.add(Problem.of(Message.SHAPE_OUTSIDE_FFI, Site.of(shaped),
                            shaped.getSimpleName()));
                }
            }
        }
        return problems;
    }
}
