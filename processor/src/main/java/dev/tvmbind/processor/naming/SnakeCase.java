package dev.tvmbind.processor.naming;

/**
 * Lower snake case of Java names, as README's tutorial defines it: a {@code _} goes before an
 * upper-case
 * letter that follows a lower-case letter or a digit, and before the last upper-case letter of a
 * run when a lower-case letter follows it; digits stay with what precedes them.
 *
 * <p>Only ASCII letters count as upper or lower case, so the result is the same in every locale;
 * other characters pass through unchanged and are left for validation to refuse.
 */
public final class SnakeCase {
    private SnakeCase() {}

    public static String of(String javaName) {
        StringBuilder out = new StringBuilder(javaName.length() + 4);
        for (int i = 0; i < javaName.length(); i++) {
            char c = javaName.charAt(i);
            if (isUpper(c) && i > 0) {
                char before = javaName.charAt(i - 1);
                boolean afterLowerOrDigit = isLower(before) || isDigit(before);
                boolean endsUpperRun = isUpper(before)
                        && i + 1 < javaName.length() && isLower(javaName.charAt(i + 1));
                if (afterLowerOrDigit || endsUpperRun) {
                    out.append('_');
                }
            }
            out.append(isUpper(c) ? (char) (c + ('a' - 'A')) : c);
        }
        return out.toString();
    }

    static boolean isUpper(char c) {
        return c >= 'A' && c <= 'Z';
    }

    static boolean isLower(char c) {
        return c >= 'a' && c <= 'z';
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
