package dev.tvmbind.processor.generate.c;

import java.util.regex.Pattern;

/**
 * Makes text from users safe inside a C block comment: no {@code /*} or {@code *}{@code /}
 * (a space goes between), no trigraph ({@code ??} becomes {@code ? ?}), no line break, no
 * backslash or white space at the end (a backslash there would continue the line).
 */
final class CommentText {
    private CommentText() {}

    private static final Pattern LINE_BREAKS = Pattern.compile("[\\s\\u0085\\u2028\\u2029]+");
    private static final Pattern TRAILING = Pattern.compile("[\\\\\\s]+$");

    static String of(String text) {
        if (text.isEmpty()) {
            return text;
        }
        String oneLine = LINE_BREAKS.matcher(text).replaceAll(" ").strip();
        StringBuilder out = new StringBuilder(oneLine.length());
        for (int i = 0; i < oneLine.length(); i++) {
            char c = oneLine.charAt(i);
            if (i > 0 && breaksComment(oneLine.charAt(i - 1), c)) {
                out.append(' ');
            }
            out.append(c);
        }
        return TRAILING.matcher(out).replaceAll("");
    }

    private static boolean breaksComment(char previous, char c) {
        return previous == '/' && c == '*' || previous == '*' && c == '/'
                || previous == '?' && c == '?';
    }
}
