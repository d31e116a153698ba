package dev.tvmbind.processor.generate.java;

import java.util.List;

/**
 * Java source text line by line, each line indented by the depth of its block (four spaces a
 * level), with the layout of JavaPoet-formatted code: statements that continue on further lines
 * are indented two more levels, parameter lists wrap before the parameter that would cross
 * column 100.
 */
final class JavaWriter {
    private static final String INDENT = "    ";
    private static final int COLUMN_LIMIT = 100;

    private final StringBuilder out = new StringBuilder(16 * 1024);
    private int depth;

    JavaWriter line(String text) {
        indent(depth);
        out.append(text).append('\n');
        return this;
    }

    JavaWriter blankLine() {
        out.append('\n');
        return this;
    }

    /** {@code head} and an opening brace, then one level deeper. */
    JavaWriter open(String head) {
        line(head + " {");
        depth++;
        return this;
    }

    /** A closing brace, {@code head} and an opening brace: {@code catch}, {@code finally}. */
    JavaWriter reopen(String head) {
        depth--;
        line("} " + head + " {");
        depth++;
        return this;
    }

    JavaWriter close() {
        depth--;
        return line("}");
    }

    /** A javadoc comment: {@code text}'s lines, a blank one as a lone {@code *}. */
    JavaWriter javadoc(String text) {
        line("/**");
        for (String docLine : text.split("\n", -1)) {
            indent(depth);
            out.append(docLine.isEmpty() ? " *" : " * " + docLine).append('\n');
        }
        return line(" */");
    }

    /** {@code head}, then each argument on a line of its own, two levels deeper, in parentheses. */
    JavaWriter statementOnLines(String head, List<String> arguments) {
        line(head + "(");
        for (int i = 0; i < arguments.size(); i++) {
            indent(depth + 2);
            out.append(arguments.get(i)).append(i + 1 < arguments.size() ? ",\n" : ");\n");
        }
        return this;
    }

    /**
     * {@code head}, its parameters in parentheses and an opening brace, then one level deeper;
     * the parameters wrap two levels deeper before one that would cross the column limit.
     */
    JavaWriter openMethod(String head, List<String> parameters) {
        indent(depth);
        out.append(head).append('(');
        int column = depth * INDENT.length() + head.length() + 1;
        for (int i = 0; i < parameters.size(); i++) {
            String segment = parameters.get(i) + (i + 1 < parameters.size() ? "," : ") {");
            if (i > 0 && column + 1 + segment.length() > COLUMN_LIMIT) {
                out.append('\n');
                indent(depth + 2);
                column = (depth + 2) * INDENT.length();
            } else if (i > 0) {
                out.append(' ');
                column++;
            }
            out.append(segment);
            column += segment.length();
        }
        out.append(parameters.isEmpty() ? ") {\n" : "\n");
        depth++;
        return this;
    }

    /** {@code value} as a Java string literal. */
    static String literal(String value) {
        StringBuilder literal = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"', '\\' -> literal.append('\\').append(c);
                case '\n' -> literal.append("\\n");
                case '\t' -> literal.append("\\t");
                case '\r' -> literal.append("\\r");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        literal.append(String.format("\\u%04x", (int) c));
                    } else {
                        literal.append(c);
                    }
                }
            }
        }
        return literal.append('"').toString();
    }

    private void indent(int levels) {
        for (int i = 0; i < levels; i++) {
            out.append(INDENT);
        }
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
