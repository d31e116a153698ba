package dev.tvmbind.runtime.internal.ffi;

import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import dev.tvmbind.runtime.ffi.SchemaMismatchError;
import dev.tvmbind.runtime.internal.Arguments;
import dev.tvmbind.runtime.internal.shared.Diagnostics;
import dev.tvmbind.runtime.internal.shared.PublicTypes;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A function's exported type schema read as a stream, bounded before anything is built: its
 * text's length before it is copied out of native memory ({@link #MAX_BYTES}), then its arguments,
 * nesting and types as the parse goes. A library's metadata is its author's text: a schema past a
 * bound is a {@link SchemaMismatchError} naming the function and the bound,
 * never an {@code OutOfMemoryError} or a message of megabytes.
 */
final class FfiSchemaText {
    private FfiSchemaText() {}

    /** Bytes of a metadata text: a schema is a few hundred. */
    static final long MAX_BYTES = 1L << 20;
    /** Arguments of a function or a type: FlashInfer's widest kernels take about 30. */
    static final int MAX_ARGUMENTS = 1_024;
    /** Types nested in one another: {@code Optional<ffi.Array<ffi.Map<…>>>} is three. */
    static final int MAX_DEPTH = 32;
    /** Types in one schema, all levels together. */
    static final int MAX_TYPES = 16_384;
    /** Characters of a message that quotes a schema. */
    static final int MAX_MESSAGE = 20_000;

    /**
     * A function's schema as the load read it: its types, result first, or why the function
     * loads unchecked.
     */
    record Read(Optional<List<Type>> types, Optional<String> unchecked) {
        static Read of(List<Type> types) {
            return new Read(Optional.of(types), Optional.empty());
        }

        /** Unchecked, saying why; a reason the library's author should act on is also logged. */
        static Read unchecked(String why, boolean warn, String symbol) {
            if (warn) {
                Diagnostics.LOGGER.log(System.Logger.Level.WARNING,
                        symbol + " loads unchecked: " + why);
            }
            return new Read(Optional.empty(), Optional.of(why));
        }
    }

    /**
     * The schema's types as written here ({@code int}, {@code Optional<ffi.Array<int>>}), result
     * first, from either form the released wheels write: {@code "args":[<result>, <arg0>, …]}
     * (apache-tvm-ffi 0.1.14) or {@code "named_args":{"return":[…],"params":[…]}} (0.1.15, also
     * for callback types nested in a schema); empty without a schema worth comparing (not JSON, no
     * arguments: a packed function).
     *
     * @param metadata what {@code __tvm_ffi__metadata_<name>} returned
     * @param symbol the function, as messages name it
     * @throws SchemaMismatchError past a bound
     */
    static Read parse(String metadata, String symbol) {
        return parse(metadata, symbol, true);
    }

    /**
     * As {@link #parse(String, String)}; {@code log}: whether what the library's author should
     * act on is logged (at a load, not for {@code describe}, which says it itself).
     */
    static Read parse(String metadata, String symbol, boolean log) {
        try {
            String inner = null;
            JsonReader outer = reader(metadata);
            outer.beginObject();
            while (outer.hasNext()) {
                if (outer.nextName().equals("type_schema") && outer.peek() == JsonToken.STRING) {
                    inner = outer.nextString();
                } else {
                    outer.skipValue();
                }
            }
            if (inner == null) {
                return Read.unchecked("its metadata holds no type_schema", log, symbol);
            }
            Type function = new Parse(symbol).type(reader(inner), 0);
            if (!"ffi.Function".equals(function.head())) {
                return Read.unchecked("its type schema is of " + function.head()
                        + ", not ffi.Function", log, symbol);
            }
            if (function.held() == null || function.held().isEmpty()) {
                return Read.unchecked("a packed function: its type schema names no argument"
                        + " (it checks its arguments at the call)", false, symbol);
            }
            if (function.held().stream().anyMatch(t -> t == null || !t.readable())) {
                return Read.unchecked("its type schema holds a type tvmbind does not read: "
                        + cut(inner), log, symbol);
            }
            return Read.of(function.held());
        } catch (IOException | IllegalStateException | NumberFormatException e) {
            // Metadata the check cannot read leaves the function unchecked, saying so.
            return Read.unchecked("its metadata is not the JSON tvm-ffi writes (" + e.getMessage()
                    + ")", log, symbol);
        }
    }

    /** Refuses a text of more than {@link #MAX_BYTES} before it is read. */
    static void checkLength(long bytes, String symbol) {
        if (bytes > MAX_BYTES) {
            throw bound(symbol, "is " + bytes + " bytes long, more than the " + MAX_BYTES
                    + " tvmbind reads of one");
        }
    }

    /** {@code message}, cut to {@link #MAX_MESSAGE} characters saying so. */
    static String cut(String message) {
        return message.length() <= MAX_MESSAGE ? message : message.substring(0, MAX_MESSAGE)
                + "… (" + message.length() + " characters)";
    }

    private static JsonReader reader(String text) {
        JsonReader reader = new JsonReader(new StringReader(text));
        reader.setStrictness(com.google.gson.Strictness.STRICT);
        // Three levels of JSON a type in the named form, two in the older: the bound below decides.
        reader.setNestingLimit(3 * MAX_DEPTH + 8);
        return reader;
    }

    private static SchemaMismatchError bound(String symbol, String what) {
        // A schema is a library author's text: a message quoting it is cut.
        return PublicTypes.schemaMismatch(cut("the type schema of " + symbol + " " + what
                + "; a library's metadata is its author's text, and this is none a tvm-ffi"
                + " function exports"));
    }

    /**
     * A type of a schema: its name and what it holds (null when it holds nothing); a head of null
     * is unreadable.
     */
    record Type(String head, List<Type> held) {
        /** What it holds, or {@code Any} for each of {@code count} arguments it does not name. */
        Type held(int index, int count) {
            return held == null || held.size() != count ? ANY : held.get(index);
        }

        boolean readable() {
            return head != null && (held == null || held.stream().allMatch(t -> t != null
                    && t.readable()));
        }

        /** As messages print it: {@code ffi.Map<ffi.String,int>}. */
        @Override
        public String toString() {
            return held == null || held.isEmpty() ? head : head + "<" + String.join(",",
                    held.stream().map(Type::toString).toList()) + ">";
        }
    }

    static final Type ANY = new Type("Any", null);

    /** One parse, counting the types it met. */
    private static final class Parse {
        private final String symbol;
        private int types;

        Parse(String symbol) {
            this.symbol = symbol;
        }

        Type type(JsonReader in, int depth) throws IOException {
            if (depth > MAX_DEPTH) {
                throw bound(symbol, "nests types deeper than " + MAX_DEPTH);
            }
            if (++types > MAX_TYPES) {
                throw bound(symbol, "holds more than " + MAX_TYPES + " types");
            }
            if (in.peek() != JsonToken.BEGIN_OBJECT) {
                in.skipValue();
                return new Type(null, null);
            }
            String head = null;
            List<Type> held = null;
            in.beginObject();
            while (in.hasNext()) {
                String name = in.nextName();
                if (name.equals("type") && in.peek() == JsonToken.STRING) {
                    head = in.nextString();
                } else if (name.equals("args") && in.peek() == JsonToken.BEGIN_ARRAY) {
                    held = new ArrayList<>();
                    types(in, depth, held);
                } else if (name.equals("named_args") && in.peek() == JsonToken.BEGIN_OBJECT) {
                    held = namedArgs(in, depth);
                } else {
                    in.skipValue();
                }
            }
            in.endObject();
            return new Type(head, held);
        }

        /**
         * A function's types as apache-tvm-ffi 0.1.15 writes them:
         * {@code {"return":[<result>],"params":[<arg0>, …]}}, result first as in {@code args}.
         */
        private List<Type> namedArgs(JsonReader in, int depth) throws IOException {
            List<Type> result = new ArrayList<>();
            List<Type> params = new ArrayList<>();
            in.beginObject();
            while (in.hasNext()) {
                String name = in.nextName();
                if (name.equals("return") && in.peek() == JsonToken.BEGIN_ARRAY) {
                    types(in, depth, result);
                } else if (name.equals("params") && in.peek() == JsonToken.BEGIN_ARRAY) {
                    types(in, depth, params);
                } else {
                    in.skipValue();
                }
            }
            in.endObject();
            List<Type> held = new ArrayList<>();
            // One result, or the function is unreadable (a null type leaves it unchecked).
            held.add(result.size() == 1 ? result.get(0) : null);
            held.addAll(params);
            return held;
        }

        /** The types of a JSON array into {@code into}. */
        private void types(JsonReader in, int depth, List<Type> into) throws IOException {
            in.beginArray();
            while (in.hasNext()) {
                if (into.size() == MAX_ARGUMENTS) {
                    throw bound(symbol, "has more than " + MAX_ARGUMENTS
                            + " arguments in one type");
                }
                into.add(type(in, depth + 1));
            }
            in.endArray();
        }
    }
}
