package dev.tvmbind.processor.read;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * The methods of an interface that a class implementing it sees, in a stable order: those of the
 * superinterfaces first (depth first, in declaration order), then the interface's own, without
 * the ones a later declaration overrides and without the public methods of {@code Object}, which
 * every class inherits an implementation of.
 */
final class MethodCollector {
    private MethodCollector() {}

    static List<ExecutableElement> methods(TypeElement type, Elements elements) {
        List<ExecutableElement> all = new ArrayList<>();
        for (TypeElement declaring : Supertypes.withInterfaces(type)) {
            all.addAll(ElementFilter.methodsIn(declaring.getEnclosedElements()));
        }
        List<ExecutableElement> visible = new ArrayList<>();
        for (ExecutableElement method : all) {
            boolean overridden = all.stream().anyMatch(other -> other != method
                    && elements.overrides(other, method, type));
            boolean inherited = !method.getEnclosingElement().equals(type);
            boolean hidden = inherited && method.getModifiers().contains(Modifier.STATIC);
            if (!overridden && !hidden && !isObjectMethod(method)) {
                visible.add(method);
            }
        }
        return visible;
    }

    private static boolean isObjectMethod(ExecutableElement method) {
        String name = method.getSimpleName().toString();
        int arity = method.getParameters().size();
        return name.equals("toString") && arity == 0
                || name.equals("hashCode") && arity == 0
                || name.equals("equals") && arity == 1
                && method.getParameters().getFirst().asType().toString().equals("java.lang.Object");
    }
}
