package dev.tvmbind.processor.generate.java;

import com.palantir.javapoet.ClassName;
import dev.tvmbind.processor.model.HiddenClasses;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.ScopeMember;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * How the binding of a model names each class in a body where the interface's inherited members
 * are in scope: by its simple name where that means the class, in full where a member hides it,
 * and not at all where a member also hides the first part of its package: what it finds there
 * ({@link HiddenClasses}) {@code validate/HiddenNames} turns into problems before generation,
 * since no other spelling reaches the class.
 *
 * @param named every class the binding names
 * @param qualified the simple names to write in full (JavaPoet's {@code alwaysQualify})
 * @param viaCast the classes {@code Linked} names where an expression is expected but constants
 *     hide both spellings: reached through a cast, {@code ((pkg.Class) null).member}, since a
 *     cast names a type and constants never hide types
 * @param interfaceHidden whether an inherited member type hides the interface's outermost name
 * @param hidden the names no spelling reaches
 */
record BindingScope(Set<ClassName> named, Set<String> qualified, Set<ClassName> viaCast,
        boolean interfaceHidden, HiddenClasses hidden) {
    private static final String JAVA_LANG = "java.lang";

    static BindingScope of(ModelSpec model, String bindingName) {
        Map<String, ScopeMember> types = new HashMap<>();
        Map<String, ScopeMember> fields = new HashMap<>();
        for (ScopeMember member : model.members()) {
            (member.type() ? types : fields).putIfAbsent(member.name(), member);
        }
        Set<ClassName> inExpressions = BindingTypes.inExpressions(model);
        Set<ClassName> all = new LinkedHashSet<>(inExpressions);
        all.addAll(BindingTypes.inTypes(model));
        Set<String> qualified = new TreeSet<>();
        Map<ScopeMember, List<String>> unreachable = new LinkedHashMap<>();
        Set<ClassName> viaCast = new LinkedHashSet<>();
        for (ClassName type : all) {
            boolean expression = inExpressions.contains(type);
            // Code names a nested class by its top-level class: Linker.Option.
            String simple = type.topLevelClassName().simpleName();
            boolean hidden = types.containsKey(simple) || expression && fields.containsKey(simple)
                    || simple.equals(bindingName) || simple.equals(model.simpleNames().getFirst())
                    || type.packageName().equals(JAVA_LANG) && model.packageTypeNames().contains(simple);
            if (!hidden) {
                continue;
            }
            qualified.add(simple);
            // JavaPoet decides to import a class by its own simple name, Option for Linker.Option.
            qualified.add(type.simpleName());
            String root = type.packageName().split("\\.", 2)[0];
            if (types.containsKey(root)) {
                // A member type hides the package in every context: nothing reaches the class.
                unreachable.computeIfAbsent(types.get(root), b -> new ArrayList<>())
                        .add(type.canonicalName());
            } else if (expression && fields.containsKey(root)) {
                viaCast.add(type);
            }
        }
        String outer = model.simpleNames().getFirst();
        ScopeMember hidesInterface = types.get(outer);
        Optional<ScopeMember> interfaceBlocker = Optional.ofNullable(hidesInterface)
                .map(h -> model.packageName().isEmpty() ? h
                        : types.get(model.packageName().split("\\.", 2)[0]));
        // The binding's own nested classes hide an interface of their name in the body.
        boolean nestedHides = outer.equals(BindingNames.PROVIDER) || outer.equals(BindingNames.COPIES)
                || outer.equals(BindingNames.LINKED);
        HiddenClasses hidden = new HiddenClasses(unreachable, interfaceBlocker,
                Optional.of(outer).filter(o -> nestedHides && model.packageName().isEmpty()));
        return new BindingScope(Collections.unmodifiableSet(all), qualified,
                Collections.unmodifiableSet(viaCast), hidesInterface != null || nestedHides,
                hidden);
    }
}
