package dev.tvmbind.processor.describe;

import dev.tvmbind.processor.naming.SnakeCase;
import java.util.Locale;
import java.util.Set;
import javax.lang.model.SourceVersion;

/**
 * The Java names {@code describe} gives what TVM names: interfaces in upper camel case, methods
 * and parameters in lower camel case, each one a valid name that no other member of its scope
 * has; and whether a method needs {@code @EntryPoint} to name its function (when the DSL's
 * lower-snake-case rule would not give the name back).
 */
final class JavaNames {
    private JavaNames() {}

    /** {@code keyword-spotter} → {@code KeywordSpotter}; {@code 2d} → {@code Model2d}. */
    static String type(String name) {
        String camel = camel(name, true);
        String simple = camel.isEmpty() || !Character.isJavaIdentifierStart(camel.charAt(0))
                ? "Model" + camel : camel;
        return SourceVersion.isName(simple) ? simple : simple + "Model";
    }

    /**
     * {@code input_ids} → {@code inputIds}, different from every name of {@code taken}, which it
     * joins; a keyword gets a trailing {@code _}, a leading digit {@code prefix}.
     */
    static String member(String name, String prefix, Set<String> taken) {
        String camel = camel(name, false);
        String java = camel.isEmpty() || !Character.isJavaIdentifierStart(camel.charAt(0))
                ? prefix + camel : camel;
        java = SourceVersion.isName(java) ? java : java + "_";
        while (!taken.add(java)) {
            java += "_";
        }
        return java;
    }

    /** Whether method {@code javaName} needs {@code @EntryPoint} to call function {@code name}. */
    static boolean needsEntryPoint(String javaName, String name) {
        return !SnakeCase.of(javaName).equals(name);
    }

    private static String camel(String name, boolean upperFirst) {
        StringBuilder camel = new StringBuilder();
        for (String part : name.split("[^A-Za-z0-9]+")) {
            if (!part.isEmpty()) {
                String first = part.substring(0, 1);
                camel.append(camel.isEmpty() && !upperFirst ? first.toLowerCase(Locale.ROOT)
                        : first.toUpperCase(Locale.ROOT)).append(part.substring(1));
            }
        }
        return camel.toString();
    }
}
