package dev.tvmbind.processor.generate.java;

import com.palantir.javapoet.ClassName;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Holds {@link BindingTypes}' list of the classes a binding names to what the writers wrote: the
 * name hiding that {@link BindingScope} decides is only as good as that list, so a binding that
 * imports a class the list lacks is a bug of tvmbind's, said at once (an internal error) rather
 * than a binding that a member of the user's interface may break.
 */
final class NamedClasses {
    private static final Pattern IMPORT = Pattern.compile("^import ([\\w.]+);$", Pattern.MULTILINE);

    private NamedClasses() {}

    /**
     * @param source the rendered binding
     * @param named what {@code BindingTypes} says the binding names
     * @param own the model's interface, which the binding may import too
     * @throws IllegalStateException naming the classes imported but not listed
     */
    static void verify(String source, Set<ClassName> named, String own) {
        Set<String> listed = named.stream()
                .map(c -> c.topLevelClassName().canonicalName()).collect(Collectors.toSet());
        List<String> unlisted = IMPORT.matcher(source).results().map(m -> m.group(1))
                .filter(imported -> !listed.contains(imported) && !imported.equals(own))
                .toList();
        if (!unlisted.isEmpty()) {
            throw new IllegalStateException("the binding imports " + unlisted + ", which"
                    + " BindingTypes does not list, so no member of the interface is checked"
                    + " against their names");
        }
    }
}
