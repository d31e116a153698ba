package dev.tvmbind.processor.read;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;

/**
 * The names a class implementing a model interface sees that are not its own: the member types
 * and constants it inherits, and the types of its package. The binding must not write a simple
 * name that means one of them where it means another class.
 */
final class ScopeNames {
    /** Per package, listed once a round: a package may hold many models. */
    private final Map<PackageElement, Set<String>> packageTypes = new HashMap<>();

    /**
     * The simple names of the member types and fields of {@code type} and of its superinterfaces:
     * a field named {@code Objects} makes {@code Objects.requireNonNull} mean the field.
     */
    static Set<String> members(TypeElement type) {
        Set<String> names = new HashSet<>();
        for (TypeElement t : Supertypes.withInterfaces(type)) {
            for (Element member : t.getEnclosedElements()) {
                if (member.getKind().isDeclaredType() || member.getKind() == ElementKind.FIELD) {
                    names.add(member.getSimpleName().toString());
                }
            }
        }
        return names;
    }

    /** The simple names of the top-level types of {@code pkg}, from sources and the class path. */
    Set<String> packageTypes(PackageElement pkg) {
        return packageTypes.computeIfAbsent(pkg, p -> {
            Set<String> names = new HashSet<>();
            p.getEnclosedElements().forEach(e -> names.add(e.getSimpleName().toString()));
            return Set.copyOf(names);
        });
    }
}
