package dev.tvmbind.check;

/**
 * Text from users' files and annotations made fit for a diagnostic: control characters escaped
 * (a NUL or a line break would cut or forge a javac message), and at most a line's length kept.
 */
public final class Quoted {
    /** Longer texts are cut, saying so: a diagnostic quotes, it does not reproduce. */
    public static final int MAX = 300;

    private Quoted() {}

    public static String of(String text) {
        StringBuilder quoted = new StringBuilder(Math.min(text.length(), MAX) + 16);
        int i = 0;
        for (; i < text.length() && quoted.length() < MAX; i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\n' -> quoted.append("\\n");
                case '\r' -> quoted.append("\\r");
                case '\t' -> quoted.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        quoted.append(String.format("\\x%02x", (int) c));
                    } else {
                        quoted.append(c);
                    }
                }
            }
        }
        if (i < text.length()) {
            quoted.append("… (").append(text.length()).append(" characters)");
        }
        return quoted.toString();
    }
}
