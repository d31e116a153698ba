package dev.tvmbind.processor.naming;

import dev.tvmbind.check.tvm.TvmSanitizer;
import java.util.Optional;

/**
 * The character-level rules for C names: the parts that tvmbind joins into symbols (prefix, model
 * and function names, README's "The naming rules javac enforces") and the identifiers that stand
 * alone in a header (struct
 * members, parameters, rule 4). Also proposes the nearest valid name for messages.
 */
public final class Identifiers {
    private Identifiers() {}

    /** Checks a prefix, model or function name against {@code [a-z][a-z0-9_]*} and its rules. */
    public static Optional<NameFault> checkPart(String name) {
        if (name.isEmpty()) {
            return Optional.of(NameFault.EMPTY);
        }
        if (name.charAt(0) == '_') {
            return Optional.of(NameFault.LEADING_UNDERSCORE);
        }
        Optional<NameFault> chars = checkCharacters(name, false);
        if (chars.isPresent()) {
            return chars;
        }
        if (name.contains("__")) {
            return Optional.of(NameFault.DOUBLE_UNDERSCORE);
        }
        if (name.endsWith("_")) {
            return Optional.of(NameFault.TRAILING_UNDERSCORE);
        }
        return Optional.empty();
    }

    /**
     * Checks an identifier that stands alone inside a declaration (a struct member, a parameter):
     * upper case and a leading {@code _} before a lower-case letter are allowed there.
     */
    public static Optional<NameFault> checkLocal(String name) {
        if (name.isEmpty()) {
            return Optional.of(NameFault.EMPTY);
        }
        Optional<NameFault> chars = checkCharacters(name, true);
        if (chars.isPresent()) {
            return chars;
        }
        if (name.length() > 1 && name.charAt(0) == '_' && SnakeCase.isUpper(name.charAt(1))) {
            return Optional.of(NameFault.UNDERSCORE_UPPER);
        }
        if (name.contains("__")) {
            return Optional.of(NameFault.DOUBLE_UNDERSCORE);
        }
        return Optional.empty();
    }

    private static Optional<NameFault> checkCharacters(String name, boolean upperAllowed) {
        if (!name.chars().allMatch(c -> c < 0x80)) {
            return Optional.of(NameFault.NON_ASCII);
        }
        if (!upperAllowed && name.chars().anyMatch(c -> SnakeCase.isUpper((char) c))) {
            return Optional.of(NameFault.UPPER_CASE);
        }
        if (SnakeCase.isDigit(name.charAt(0))) {
            return Optional.of(NameFault.DIGIT_FIRST);
        }
        boolean valid = name.chars().allMatch(c -> c == '_' || TvmSanitizer.isAsciiAlnum((char) c));
        return valid ? Optional.empty() : Optional.of(NameFault.INVALID_CHARACTER);
    }

    /**
     * The nearest name that {@link #checkPart} accepts, for "did you mean" hints: snake case,
     * other characters as {@code _}, no leading, trailing or doubled {@code _}. Empty when
     * nothing of the name is left.
     */
    public static Optional<String> suggestPart(String name) {
        String s = TvmSanitizer.sanitize(SnakeCase.of(name))
                .replaceAll("_+", "_")
                .replaceAll("^_|_$", "");
        if (s.isEmpty()) {
            return Optional.empty();
        }
        if (SnakeCase.isDigit(s.charAt(0))) {
            s = "n" + s;
        }
        return Optional.of(s);
    }
}
