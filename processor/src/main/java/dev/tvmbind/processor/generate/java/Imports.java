package dev.tvmbind.processor.generate.java;

import java.util.Set;
import java.util.TreeSet;

/**
 * How a binding writes each class it refers to: by its simple name, imported unless it is in
 * {@code java.lang} or the binding's package, or in full where the simple name would mean another
 * type at the point of use.
 */
final class Imports {
    private static final String JAVA_LANG = "java.lang";

    private final String packageName;
    private final Set<String> hidden;
    private final Set<String> hidingJavaLang;
    private final Set<String> imported = new TreeSet<>();

    /**
     * @param packageName the binding's package
     * @param hidden simple names that mean something else everywhere in the binding: the binding
     *     and its interface, the member types the binding inherits
     * @param hidingJavaLang simple names of the package's own types, which hide {@code java.lang}'s
     *     (imported on demand) but not a single-type import
     */
    Imports(String packageName, Set<String> hidden, Set<String> hidingJavaLang) {
        this.packageName = packageName;
        this.hidden = hidden;
        this.hidingJavaLang = hidingJavaLang;
    }

    /** The name to write for {@code type}, importing it when it is written by its simple name. */
    String name(ClassRef type) {
        String simple = type.simpleName();
        boolean javaLang = type.packageName().equals(JAVA_LANG);
        if (hidden.contains(simple) || javaLang && hidingJavaLang.contains(simple)) {
            return type.qualifiedName();
        }
        if (!javaLang && !type.packageName().equals(packageName)) {
            imported.add(type.qualifiedName());
        }
        return simple;
    }

    /** The import declarations, sorted, with the blank line after them; empty when none. */
    String declarations() {
        if (imported.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        imported.forEach(name -> out.append("import ").append(name).append(";\n"));
        return out.append('\n').toString();
    }
}
