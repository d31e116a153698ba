package dev.tvmbind.processor.generate;

/** Text from outside (an annotation value, TVM's output) made safe inside generated javadoc. */
public final class JavadocText {
    private JavadocText() {}

    /**
     * A name as the user wrote it, fit for a javadoc comment: javac turns {@code \\u002a/} into
     * the comment's end even there, and control characters have no place in a source file; each
     * such character becomes an HTML entity, which javadoc shows as itself.
     *
     * @param text what the user or TVM's output wrote
     * @return the text for a javadoc comment, not inside a code tag (which shows entities as
     *     they are written)
     */
    public static String of(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean unsafe = c < 0x20 || c == 0x7f || c == '\\' || c == '*' || c == '/' || c == '@'
                    || c == '<' || c == '>' || c == '&' || c == '{' || c == '}';
            if (unsafe) {
                out.append("&#").append((int) c).append(';');
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /**
     * A file name or identifier as code: {@code {@code text}} where nothing in it needs escaping
     * ({@code /} alone cannot end the comment), else {@code <code>} with {@link #of}'s entities.
     *
     * @param text the name
     * @return javadoc showing it as code
     */
    public static String code(String text) {
        return of(text.replace("/", "")).equals(text.replace("/", "")) ? "{@code " + text + "}"
                : "<code>" + of(text) + "</code>";
    }
}
