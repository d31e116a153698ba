package dev.tvmbind.processor.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the generator found of the classes a model's binding names, in bodies where the
 * interface's inherited members are in scope: the names no spelling reaches. {@code validate/}'s
 * {@code HiddenNames} decides them into problems before anything is generated.
 *
 * @param unreachable each member that hides both spellings of classes the binding names, with
 *     those classes
 * @param interfaceBlocker the member that hides the interface's own qualified name, if any
 * @param nestedHider the binding's nested class that hides an interface of its name in the
 *     default package, if any
 */
public record HiddenClasses(Map<ScopeMember, List<String>> unreachable,
        Optional<ScopeMember> interfaceBlocker, Optional<String> nestedHider) {
    public HiddenClasses {
        // In the order found: one problem each, reported in that order.
        unreachable = Collections.unmodifiableMap(new LinkedHashMap<>(unreachable));
    }
}
