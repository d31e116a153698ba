package dev.tvmbind.processor.read;

import dev.tvmbind.processor.model.ScopeMember;
import dev.tvmbind.processor.model.Site;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ModuleElement;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;

/**
 * The names a class implementing a model interface sees that are not its own: the member types
 * and constants it inherits, and the types of its package. The binding must not write a simple
 * name that means one of them where it means another class.
 */
final class ScopeNames {
    private static final String GENERATED_MODULE = "java.compiler";

    /** Per package, listed once a round: a package may hold many models. */
    private final Map<PackageElement, Set<String>> packageTypes = new HashMap<>();

    /**
     * The member types and fields of {@code type} and of its superinterfaces: a field named
     * {@code Objects} makes {@code Objects.requireNonNull} mean the field.
     */
    static List<ScopeMember> members(TypeElement type) {
        List<ScopeMember> members = new ArrayList<>();
        for (TypeElement t : Supertypes.withInterfaces(type)) {
            for (Element member : t.getEnclosedElements()) {
                boolean isType = member.getKind().isDeclaredType();
                if (isType || member.getKind() == ElementKind.FIELD) {
                    members.add(new ScopeMember(member.getSimpleName().toString(), isType,
                            Site.of(member)));
                }
            }
        }
        return members;
    }

    /** The simple names of the top-level types of {@code pkg}, from sources and the class path. */
    Set<String> packageTypes(PackageElement pkg) {
        return packageTypes.computeIfAbsent(pkg, p -> {
            Set<String> names = new HashSet<>();
            p.getEnclosedElements().forEach(e -> names.add(e.getSimpleName().toString()));
            return Set.copyOf(names);
        });
    }

    /**
     * Whether code in {@code module} can name {@code javax.annotation.processing.Generated}: the
     * unnamed module reads every module of the graph; a named one must read {@code java.compiler}
     * (required, or required transitively through what it requires).
     */
    static boolean readsGenerated(ModuleElement module) {
        if (module == null || module.isUnnamed()) {
            return true;
        }
        Deque<ModuleElement> read = new ArrayDeque<>();
        Set<ModuleElement> seen = new HashSet<>();
        for (ModuleElement.RequiresDirective requires
                : ElementFilter.requiresIn(module.getDirectives())) {
            read.add(requires.getDependency());
        }
        while (!read.isEmpty()) {
            ModuleElement next = read.pop();
            if (!seen.add(next)) {
                continue;
            }
            if (next.getQualifiedName().contentEquals(GENERATED_MODULE)) {
                return true;
            }
            for (ModuleElement.RequiresDirective requires
                    : ElementFilter.requiresIn(next.getDirectives())) {
                if (requires.isTransitive()) {
                    read.add(requires.getDependency());
                }
            }
        }
        return false;
    }
}
