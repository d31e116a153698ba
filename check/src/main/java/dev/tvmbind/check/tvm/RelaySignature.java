package dev.tvmbind.check.tvm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The signature of {@code @main} in the Relay text an MLF carries ({@code src/<model>.relay}, or
 * {@code src/relay.txt} in older releases): each parameter's tensor type, and the result's, one
 * tensor or a tuple of them. Only this part of Relay's grammar is read, by a small
 * recursive-descent parser whose nesting is bounded:
 *
 * <pre>
 * signature := "def" "@main" "(" [param {"," param}] ")" ["->" type] "{"
 * param     := "%" var-name ": " type | name "=" attribute-value
 * type      := "Tensor" "[" "(" [dim {"," dim}] [","] ")" "," dtype "]"
 *            | "(" type {"," type} [","] ")"
 * dim       := digits | "?"
 * </pre>
 *
 * Comments ({@code /* ty=… *}{@code /}) are skipped wherever blanks may stand. A variable's name
 * is printed as the model named it (TVM's {@code RelayTextPrinter::AllocVar}), with {@code v}
 * before a name that does not begin with a letter and {@code _} for every {@code .}: any other
 * character may stand in it ({@code %serving_default_x:0}, {@code %model/conv2d/Conv2D}), so it
 * ends where the printer's {@code ": "} before its type begins. {@link #printedName} gives that
 * spelling for a tensor's name.
 *
 * @param params each parameter's type, by name (without {@code %}), in order
 * @param results the result's tensors in order, or empty when the text leaves the type out
 */
record RelaySignature(Map<String, RelayTensor> params, Optional<List<RelayTensor>> results) {
    /**
     * A tensor type.
     *
     * @param shape its dimensions, or empty when one of them is dynamic ({@code ?})
     * @param dtype its dtype
     */
    record RelayTensor(Optional<List<Long>> shape, String dtype) {}

    /** Tuples nest no deeper than this: more is not a model's output. */
    private static final int MAX_DEPTH = 8;

    /** How TVM's printer spells a variable that the model named {@code name}. */
    static String printedName(String name) {
        String printed = name.isEmpty() || !isAsciiLetter(name.charAt(0)) ? "v" + name : name;
        return printed.replace('.', '_');
    }

    // C's isalpha in the "C" locale, as the printer calls it.
    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    static RelaySignature parse(String text) throws UnreadableOutputException {
        return new Parser(text).signature();
    }

    private static final class Parser {
        private final String text;
        private int at;

        Parser(String text) {
            this.text = text;
        }

        RelaySignature signature() throws UnreadableOutputException {
            int main = text.indexOf("def @main(");
            if (main < 0) {
                throw fail("there is no 'def @main('");
            }
            at = main + "def @main(".length();
            Map<String, RelayTensor> params = new LinkedHashMap<>();
            blanks();
            for (boolean first = true; !take(")"); first = false) {
                if (!first) {
                    expect(",");
                }
                if (take("%")) {
                    String name = variableName();
                    params.put(name, type(0).get(0));
                } else {
                    name();
                    expect("=");
                    attribute();
                }
            }
            Optional<List<RelayTensor>> results = take("->") ? Optional.of(type(0)) : Optional.empty();
            expect("{");
            return new RelaySignature(params, results);
        }

        /** A type as the tensors it holds, in order. */
        private List<RelayTensor> type(int depth) throws UnreadableOutputException {
            if (depth > MAX_DEPTH) {
                throw fail("tuples nested deeper than " + MAX_DEPTH);
            }
            if (take("(")) {
                List<RelayTensor> tensors = new ArrayList<>();
                do {
                    tensors.addAll(type(depth + 1));
                } while (take(",") && !text.startsWith(")", at)); // a 1-tuple ends with a comma
                expect(")");
                return tensors;
            }
            expect("Tensor");
            expect("[");
            expect("(");
            List<Long> dims = new ArrayList<>();
            boolean dynamic = false;
            while (!take(")")) {
                if (take("?")) {
                    dynamic = true;
                } else {
                    dims.add(number());
                }
                take(",");
            }
            expect(",");
            String dtype = name();
            expect("]");
            return List.of(new RelayTensor(dynamic ? Optional.empty() : Optional.of(dims), dtype));
        }

        /** {@code ["Identity"]} and the like: skipped, brackets and strings balanced. */
        private void attribute() throws UnreadableOutputException {
            int depth = 0;
            for (; at < text.length(); at++) {
                char c = text.charAt(at);
                if (c == '"') {
                    at = text.indexOf('"', at + 1);
                    if (at < 0) {
                        throw fail("a string that never ends");
                    }
                } else if (c == '[' || c == '(') {
                    depth++;
                } else if (c == ']' || c == ')') {
                    if (depth-- == 0) {
                        break;
                    }
                } else if (c == ',' && depth == 0) {
                    break;
                }
            }
            blanks();
        }

        private String name() throws UnreadableOutputException {
            int start = at;
            while (at < text.length() && (Character.isLetterOrDigit(text.charAt(at))
                    || "_.".indexOf(text.charAt(at)) >= 0)) {
                at++;
            }
            if (at == start) {
                throw fail("a name was expected");
            }
            String name = text.substring(start, at);
            blanks();
            return name;
        }

        /** A variable's name as printed, and the {@code ": "} after it. */
        private String variableName() throws UnreadableOutputException {
            int start = at;
            while (at < text.length() && !(text.charAt(at) == ':' && at + 1 < text.length()
                    && Character.isWhitespace(text.charAt(at + 1)))) {
                if (Character.isWhitespace(text.charAt(at))) {
                    throw fail("': ' was expected after a variable's name");
                }
                at++;
            }
            if (at == start || at >= text.length()) {
                throw fail(at == start ? "a name was expected" : "': ' was expected after a variable's name");
            }
            String name = text.substring(start, at);
            at++;
            blanks();
            return name;
        }

        private long number() throws UnreadableOutputException {
            int start = at;
            while (at < text.length() && Character.isDigit(text.charAt(at)) && at - start < 18) {
                at++;
            }
            if (at == start) {
                throw fail("a dimension was expected");
            }
            long number = Long.parseLong(text, start, at, 10);
            blanks();
            return number;
        }

        private boolean take(String token) {
            if (text.startsWith(token, at)) {
                at += token.length();
                blanks();
                return true;
            }
            return false;
        }

        private void expect(String token) throws UnreadableOutputException {
            if (!take(token)) {
                throw fail("'" + token + "' was expected");
            }
        }

        /** Blanks and comments. */
        private void blanks() {
            while (at < text.length()) {
                if (Character.isWhitespace(text.charAt(at))) {
                    at++;
                } else if (text.startsWith("/*", at)) {
                    int end = text.indexOf("*/", at + 2);
                    at = end < 0 ? text.length() : end + 2;
                } else {
                    return;
                }
            }
        }

        private UnreadableOutputException fail(String what) {
            int line = 1;
            for (int i = 0; i < Math.min(at, text.length()); i++) {
                line += text.charAt(i) == '\n' ? 1 : 0;
            }
            return new UnreadableOutputException(what + " in main's signature (line " + line + ")");
        }
    }
}
