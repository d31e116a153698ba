package dev.tvmbind.processor.read;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/** Finds annotations and the values written in them, by the annotation's class name. */
final class Annotations {
    private Annotations() {}

    static Optional<AnnotationMirror> find(Element element, Class<?> annotation) {
        String name = annotation.getName();
        for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
            TypeElement type = (TypeElement) mirror.getAnnotationType().asElement();
            if (type.getQualifiedName().contentEquals(name)) {
                return Optional.of(mirror);
            }
        }
        return Optional.empty();
    }

    /** The value of {@code member} as written in the source; empty when the default applies. */
    static Optional<AnnotationValue> written(AnnotationMirror mirror, String member) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry
                : mirror.getElementValues().entrySet()) {
            if (entry.getKey().getSimpleName().contentEquals(member)) {
                return Optional.of(entry.getValue());
            }
        }
        return Optional.empty();
    }

    static String string(AnnotationValue value) {
        return value.getValue() instanceof String s ? s : "";
    }

    static long number(AnnotationValue value) {
        return value.getValue() instanceof Number n ? n.longValue() : 0;
    }

    /** The elements of an array value. */
    @SuppressWarnings("unchecked")
    static List<? extends AnnotationValue> list(AnnotationValue value) {
        return value.getValue() instanceof List<?> list ? (List<? extends AnnotationValue>) list
                : List.of(value);
    }

    static boolean bool(AnnotationValue value) {
        return value.getValue() instanceof Boolean b && b;
    }
}
