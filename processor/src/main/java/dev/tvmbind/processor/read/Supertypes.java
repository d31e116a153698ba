package dev.tvmbind.processor.read;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;

/** The interfaces a type is made of: where its methods, member types and constants come from. */
public final class Supertypes {
    private Supertypes() {}

    /**
     * {@code type} and every interface it extends, each once, superinterfaces before the types
     * that extend them (depth first, in declaration order), {@code type} last.
     */
    public static List<TypeElement> withInterfaces(TypeElement type) {
        Set<TypeElement> visited = new LinkedHashSet<>();
        List<TypeElement> ordered = new ArrayList<>();
        collect(type, visited, ordered);
        return ordered;
    }

    private static void collect(TypeElement type, Set<TypeElement> visited, List<TypeElement> ordered) {
        if (!visited.add(type)) {
            return;
        }
        for (TypeMirror parent : type.getInterfaces()) {
            if (parent instanceof DeclaredType declared
                    && declared.asElement() instanceof TypeElement parentType) {
                collect(parentType, visited, ordered);
            }
        }
        ordered.add(type);
    }
}
