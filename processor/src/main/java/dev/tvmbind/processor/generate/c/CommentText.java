package dev.tvmbind.processor.generate.c;

/**
 * Makes text from users safe inside a C block comment: no {@code /*} or {@code *}{@code /}
 * (a space goes between), no trigraph ({@code ??} becomes {@code ? ?}), no line break, no
 * backslash or white space at the end (a backslash there would continue the line).
 */
final class CommentText {
    private CommentText() {}

    static String of(String text) {
        String oneLine = text.replaceAll("[\\s\\u0085\\u2028\\u2029]+", " ").strip();
        StringBuilder out = new StringBuilder(oneLine.length());
        for (int i = 0; i < oneLine.length(); i++) {
            char c = oneLine.charAt(i);
            if (i > 0 && breaksComment(oneLine.charAt(i - 1), c)) {
                out.append(' ');
            }
            out.append(c);
        }
        return out.toString().replaceAll("[\\\\\\s]+$", "");
    }

    private static boolean breaksComment(char previous, char c) {
        return previous == '/' && c == '*' || previous == '*' && c == '/'
                || previous == '?' && c == '?';
    }
}
