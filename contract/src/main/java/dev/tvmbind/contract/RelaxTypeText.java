package dev.tvmbind.contract;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads TVM's text of a Relax value's type, as TVM 0.27 prints it in an executable's annotations
 * and for {@code param.ty}: {@code R.Tensor((n, 784), dtype="float32")}, {@code
 * R.Tensor(dtype="float16", ndim=2)}, {@code R.Shape([m, 3])}, {@code T.int64}, {@code
 * T.Tuple(R.Tensor((T.int64(2),), dtype="int32"), …)}. What it does not recognise is {@link
 * RelaxType.Unknown}; a dimension it does not recognise (an expression) leaves the dimensions
 * unknown, the rank known. Depth and length are bounded: the text comes from a file a user hands
 * us.
 */
public final class RelaxTypeText {
    /** Deeper tuples than this are not read. */
    private static final int MAX_DEPTH = 32;
    /** Longer texts than this are not read. */
    static final int MAX_LENGTH = 1 << 20;
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern NUMBER = Pattern.compile("[0-9]{1,18}");
    private static final Pattern PRIM = Pattern.compile("(u?int|float|bfloat)[0-9]{1,3}|bool");

    private final String text;
    private int at;

    private RelaxTypeText(String text) {
        this.text = text;
    }

    /** The type {@code text} says, or {@link RelaxType.Unknown}. */
    public static RelaxType parse(String text) {
        String stripped = text.strip();
        if (stripped.length() > MAX_LENGTH) {
            return new RelaxType.Unknown(stripped.substring(0, 80) + "…");
        }
        RelaxTypeText parser = new RelaxTypeText(stripped);
        RelaxType type = parser.type(0);
        return type != null && parser.at == stripped.length() ? type
                : new RelaxType.Unknown(stripped);
    }

    /** A type from {@link #at}, or null where the text is not one this reads. */
    private RelaxType type(int depth) {
        int start = at;
        if (depth > MAX_DEPTH) {
            return null;
        }
        if (take("R.Tensor(")) {
            return tensor(start);
        }
        if (take("R.Shape(")) {
            Optional<List<String>> dims = Optional.empty();
            if (take("[")) {
                List<String> read = dims("]");
                if (read == null) {
                    return null;
                }
                dims = known(read);
            } else if (!keywords(new String[1], new int[] {-1})) {
                return null;
            }
            return take(")") ? new RelaxType.Shape(dims, text.substring(start, at)) : null;
        }
        if (take("T.Tuple(") || take("R.Tuple(")) {
            List<RelaxType> items = new ArrayList<>();
            while (!take(")")) {
                if (!items.isEmpty() && !take(",")) {
                    return null;
                }
                skipSpaces();
                if (take(")")) {
                    break;
                }
                RelaxType item = type(depth + 1);
                if (item == null) {
                    return null;
                }
                items.add(item);
            }
            return new RelaxType.Tuple(items, text.substring(start, at));
        }
        if (take("T.")) {
            String dtype = match(NAME);
            if (dtype != null && PRIM.matcher(dtype).matches() && !peek("(")) {
                return new RelaxType.Prim(dtype, text.substring(start, at));
            }
        }
        return null;
    }

    /** After {@code R.Tensor(}: an optional dimension tuple, then {@code dtype=}, {@code ndim=}. */
    private RelaxType tensor(int start) {
        Optional<List<String>> dims = Optional.empty();
        int ndim = -1;
        if (take("(")) {
            List<String> read = dims(")");
            if (read == null) {
                return null;
            }
            dims = known(read);
            ndim = read.size();
            if (!peek(")") && !take(",")) {
                return null;
            }
        }
        String[] dtype = new String[1];
        int[] rank = {ndim};
        if (!keywords(dtype, rank) || !take(")")) {
            return null;
        }
        return new RelaxType.Tensor(dims, rank[0], Optional.ofNullable(dtype[0]),
                text.substring(start, at));
    }

    /**
     * Dimensions up to {@code close}: each a literal, a name or {@code T.int64(literal)}, null
     * for another expression; null where the list does not close.
     */
    private List<String> dims(String close) {
        List<String> dims = new ArrayList<>();
        int items = 0;
        while (!take(close)) {
            if (items > 0 && !take(",")) {
                return null;
            }
            skipSpaces();
            if (take(close)) {
                break;
            }
            String dim = dim();
            if (dim == null && !skipExpression(close)) {
                return null;
            }
            dims.add(dim);
            items++;
        }
        return dims;
    }

    /** The dimensions, when every one was read. */
    private static Optional<List<String>> known(List<String> dims) {
        return dims.contains(null) ? Optional.empty() : Optional.of(dims);
    }

    private String dim() {
        int start = at;
        if (take("T.int64(")) {
            String number = match(NUMBER);
            if (number != null && take(")")) {
                return number;
            }
            at = start;
            return null;
        }
        String token = match(NUMBER);
        if (token == null) {
            token = match(NAME);
        }
        skipSpaces();
        if (token != null && (peek(",") || peek(")") || peek("]"))) {
            return token;
        }
        at = start;
        return null;
    }

    /** Skips an expression up to the next {@code ,} or {@code close} at its own depth. */
    private boolean skipExpression(String close) {
        int depth = 0;
        while (at < text.length()) {
            char c = text.charAt(at);
            if (depth == 0 && (c == ',' || text.startsWith(close, at))) {
                return true;
            }
            depth += c == '(' || c == '[' ? 1 : c == ')' || c == ']' ? -1 : 0;
            if (depth < 0) {
                return false;
            }
            at++;
        }
        return false;
    }

    /** {@code dtype="…"} and {@code ndim=k} in any order, comma separated; others are refused. */
    private boolean keywords(String[] dtype, int[] ndim) {
        while (!peek(")")) {
            skipSpaces();
            if (take("dtype=\"")) {
                int end = text.indexOf('"', at);
                if (end < 0) {
                    return false;
                }
                String value = text.substring(at, end);
                at = end + 1;
                if (!value.isEmpty()) {
                    dtype[0] = value;
                }
            } else if (take("ndim=")) {
                String number = match(NUMBER);
                if (number == null) {
                    return false;
                }
                int rank = Integer.parseInt(number.length() > 6 ? "-1" : number);
                ndim[0] = ndim[0] >= 0 ? ndim[0] : rank;
            } else {
                return false;
            }
            if (!peek(")") && !take(",")) {
                return false;
            }
        }
        return true;
    }

    private boolean take(String token) {
        skipSpaces();
        if (text.startsWith(token, at)) {
            at += token.length();
            return true;
        }
        return false;
    }

    private boolean peek(String token) {
        skipSpaces();
        return text.startsWith(token, at);
    }

    private String match(Pattern pattern) {
        var matcher = pattern.matcher(text).region(at, text.length());
        if (matcher.lookingAt()) {
            at = matcher.end();
            return matcher.group();
        }
        return null;
    }

    private void skipSpaces() {
        while (at < text.length() && text.charAt(at) == ' ') {
            at++;
        }
    }
}
