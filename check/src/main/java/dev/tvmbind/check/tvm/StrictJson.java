package dev.tvmbind.check.tvm;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import dev.tvmbind.check.Quoted;
import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;

/**
 * JSON as Gson's tree, refusing a key that an object repeats: Gson keeps the last of them
 * silently, so a {@code metadata.json} with two {@code size}s (or two modules of one name) would
 * be checked against whichever came last. Python's {@code json.dump}, which TVM uses, never
 * writes one. Nesting is bounded, as every reader of users' files here is.
 */
final class StrictJson {
    private StrictJson() {}

    private static final int MAX_DEPTH = 64;

    static JsonElement parse(String json) throws IOException, UnreadableOutputException {
        try (JsonReader reader = new JsonReader(new StringReader(json))) {
            JsonElement root = read(reader, "", 0);
            if (reader.peek() != JsonToken.END_DOCUMENT) {
                throw new UnreadableOutputException("it holds more than one JSON value");
            }
            return root;
        }
    }

    private static JsonElement read(JsonReader reader, String path, int depth)
            throws IOException, UnreadableOutputException {
        if (depth > MAX_DEPTH) {
            throw new UnreadableOutputException("it nests deeper than " + MAX_DEPTH + " levels");
        }
        switch (reader.peek()) {
            case BEGIN_OBJECT -> {
                JsonObject object = new JsonObject();
                reader.beginObject();
                while (reader.hasNext()) {
                    String key = reader.nextName();
                    String at = path.isEmpty() ? key : path + "." + key;
                    if (object.has(key)) {
                        throw new UnreadableOutputException("the key " + Quoted.of(at)
                                + " appears twice; TVM writes each key once");
                    }
                    object.add(key, read(reader, at, depth + 1));
                }
                reader.endObject();
                return object;
            }
            case BEGIN_ARRAY -> {
                JsonArray array = new JsonArray();
                reader.beginArray();
                for (int i = 0; reader.hasNext(); i++) {
                    array.add(read(reader, path + "[" + i + "]", depth + 1));
                }
                reader.endArray();
                return array;
            }
            case STRING -> {
                return new JsonPrimitive(reader.nextString());
            }
            case NUMBER -> {
                // As Gson's own tree holds numbers: parsed when read, so that a number no type
                // holds (1e99999999999) is refused where it is used, as before.
                return new JsonPrimitive(new Written(reader.nextString()));
            }
            case BOOLEAN -> {
                return new JsonPrimitive(reader.nextBoolean());
            }
            case NULL -> {
                reader.nextNull();
                return JsonNull.INSTANCE;
            }
            default -> throw new UnreadableOutputException("it is not JSON at " + reader.getPath());
        }
    }

    /** A number as the file wrote it, parsed when a reader asks for a type. */
    private static final class Written extends Number {
        private static final long serialVersionUID = 1L;
        private final String text;

        Written(String text) {
            this.text = text;
        }

        @Override
        public long longValue() {
            try {
                return Long.parseLong(text);
            } catch (NumberFormatException e) {
                return new BigDecimal(text).longValue();
            }
        }

        @Override
        public int intValue() {
            return (int) longValue();
        }

        @Override
        public double doubleValue() {
            return Double.parseDouble(text);
        }

        @Override
        public float floatValue() {
            return (float) doubleValue();
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
