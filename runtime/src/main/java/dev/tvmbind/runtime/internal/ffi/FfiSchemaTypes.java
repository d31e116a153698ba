package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.contract.FfiType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The Java types a tvm-ffi function's exported schema asks for: the reverse of the load's check
 * ({@link FfiSchema}), for {@code describe}. Each schema type gets the first Java type of the
 * table that accepts it where it stands ({@code int} a {@code long}, {@code ffi.Tensor} taken an
 * owned tensor, {@code ffi.Array<int>} a {@code List<Long>}); a type no Java type takes (a
 * callback, an unreadable one) leaves the function untyped, saying which.
 */
public final class FfiSchemaTypes {
    private FfiSchemaTypes() {}

    /** The plain types in the order a schema type is given one: the widest first. */
    private static final List<FfiType.Plain> PREFERRED = List.of(FfiType.Plain.VOID,
            FfiType.Plain.LONG, FfiType.Plain.DOUBLE, FfiType.Plain.BOOLEAN, FfiType.Plain.STRING,
            FfiType.Plain.POINTER, FfiType.Plain.TENSOR, FfiType.Plain.OWNED_TENSOR,
            FfiType.Plain.BIG_INTEGER, FfiType.Plain.BYTES, FfiType.Plain.DEVICE,
            FfiType.Plain.DATA_TYPE, FfiType.Plain.SHAPE, FfiType.Plain.ANY, FfiType.Plain.MODULE,
            FfiType.Plain.OBJECT);

    /**
     * A function's types, or why it has none.
     *
     * @param types its result, then its parameters
     * @param schema the schema as messages print it ({@code [int, int] -> int}), or ""
     * @param why why not, where empty
     */
    public record Typed(Optional<List<FfiType>> types, String schema, Optional<String> why) {}

    /**
     * The Java types of the function whose metadata is {@code metadata}.
     *
     * @param metadata what its {@code __tvm_ffi__metadata_<name>} returned
     * @param symbol the function, as messages name it
     * @return its types, or why there are none
     */
    public static Typed of(String metadata, String symbol) {
        FfiSchemaText.Read read = FfiSchemaText.parse(metadata, symbol, false);
        if (read.types().isEmpty()) {
            return new Typed(Optional.empty(), "", read.unchecked());
        }
        List<FfiType> types = new ArrayList<>();
        List<FfiSchemaText.Type> schema = read.types().get();
        for (int i = 0; i < schema.size(); i++) {
            Optional<FfiType> type = java(schema.get(i), i == 0 ? FfiSchema.Place.RESULT
                    : FfiSchema.Place.PARAMETER);
            if (type.isEmpty()) {
                return new Typed(Optional.empty(), FfiSchema.printed(schema), Optional.of((i == 0 ? "its result" : "argument "
                        + (i - 1)) + " is " + schema.get(i) + ", which no Java type of tvmbind's"
                        + " takes"));
            }
            types.add(type.get());
        }
        return new Typed(Optional.of(types), FfiSchema.printed(schema), Optional.empty());
    }

    /** The first Java type that accepts {@code schema} where it stands. */
    private static Optional<FfiType> java(FfiSchemaText.Type schema, FfiSchema.Place place) {
        List<FfiType> candidates = new ArrayList<>();
        if (schema.head() != null && schema.held() != null && !schema.held().isEmpty()) {
            List<Optional<FfiType>> held = schema.held().stream()
                    .map(t -> java(t, FfiSchema.Place.HELD)).toList();
            if (held.stream().anyMatch(Optional::isEmpty)) {
                return Optional.empty();
            }
            if (held.size() == 1) {
                candidates.add(FfiType.listOf(held.get(0).get()));
                candidates.add(new FfiType.OptionalOf(held.get(0).get()));
            } else if (held.size() == 2) {
                candidates.add(new FfiType.MapOf(held.get(0).get(), held.get(1).get()));
            }
        } else {
            candidates.addAll(PREFERRED);
        }
        Optional<FfiType> named = candidates.stream().filter(c -> !(place == FfiSchema.Place.HELD
                && c == FfiType.Plain.OWNED_TENSOR))
                .filter(c -> !(place != FfiSchema.Place.RESULT && c == FfiType.Plain.VOID))
                .filter(c -> FfiSchema.heads(c, place).contains(schema.head())
                        && FfiSchema.accepts(c, schema, place)).findFirst();
        // An object type of the library's own (its type key) is an FfiObject; a function is not
        // described (a callback needs an interface of its own).
        boolean object = schema.head() != null && schema.held() == null
                && !schema.head().equals("ffi.Function")
                && FfiSchema.accepts(FfiType.Plain.OBJECT, schema, place);
        return named.or(() -> object ? Optional.of(FfiType.Plain.OBJECT) : Optional.empty());
    }
}
