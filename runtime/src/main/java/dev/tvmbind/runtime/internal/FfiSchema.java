package dev.tvmbind.runtime.internal;

import dev.tvmbind.contract.CNames;
import java.lang.foreign.Arena;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The load-time check of SPEC §13: a function exported with metadata has
 * {@code __tvm_ffi__metadata_<name>}, which returns {@code {"type_schema": "<JSON>"}}, the inner
 * JSON {@code {"type":"ffi.Function","args":[<result>, <arg0>, …]}}; each Java type accepts the
 * schema types below (the README's table). A schema without {@code args} (a packed function), or
 * none, leaves the function unchecked: its own check answers at the call.
 */
final class FfiSchema {
    private FfiSchema() {}

    /** Which schema types each Java type of a {@code @TvmFfi} method accepts ({@code Any} always). */
    private static final Map<String, Set<String>> ACCEPTS = Map.ofEntries(
            Map.entry("long", Set.of("int")), Map.entry("int", Set.of("int")),
            Map.entry("short", Set.of("int")), Map.entry("byte", Set.of("int")),
            Map.entry("double", Set.of("float")), Map.entry("float", Set.of("float")),
            Map.entry("boolean", Set.of("bool")),
            Map.entry("String", Set.of("ffi.String", "std::string", "const char*")),
            Map.entry("MemorySegment", Set.of("void*")), Map.entry("Tensor", Set.of("DLTensor*")),
            Map.entry("@TvmFfi.Owned Tensor", Set.of("ffi.Tensor")),
            Map.entry("Tensor result", Set.of("ffi.Tensor")),
            Map.entry("Tensor element", Set.of("ffi.Tensor", "DLTensor*")),
            Map.entry("Long", Set.of("int")), Map.entry("Integer", Set.of("int")),
            Map.entry("Short", Set.of("int")), Map.entry("Byte", Set.of("int")),
            Map.entry("Double", Set.of("float")), Map.entry("Float", Set.of("float")),
            Map.entry("Boolean", Set.of("bool")));
    /** Each Java container, and the schema type it is. */
    private static final Map<String, String> CONTAINERS = Map.of("Optional", "Optional",
            "List", "ffi.Array", "Map", "ffi.Map");

    /**
     * The schema as messages print it: {@code [int, int] -> int}.
     *
     * @param tvm its types, result first ({@link #read})
     */
    static String printed(List<String> tvm) {
        return tvm.subList(1, tvm.size()) + " -> " + tvm.getFirst();
    }

    /**
     * Compares a function's Java signature with the schema its library exports.
     *
     * @param tvm the schema's types, result first ({@link #read})
     * @param signature the method as Java writes it, {@code long add(long a, long b)}
     * @return why they differ, or empty when they agree
     */
    static Optional<String> compare(List<String> tvm, String signature) {
        List<String> java = javaTypes(signature);
        String printed = printed(tvm);
        if (tvm.size() != java.size()) {
            return Optional.of("it takes " + (tvm.size() - 1) + " arguments in TVM's schema "
                    + printed + ", the method " + (java.size() - 1));
        }
        for (int i = 0; i < java.size(); i++) {
            String type = tvm.get(i);
            // A tensor a function returns is always an object; one passed may be a view.
            String key = i == 0 && java.get(0).equals("Tensor") ? "Tensor result" : java.get(i);
            boolean accepted = type.equals("Any") || (i == 0 && java.get(0).equals("void")
                    ? type.equals("None") : accepts(key, type));
            if (!accepted) {
                return Optional.of((i == 0 ? "its result" : "argument " + (i - 1)) + " is "
                        + type + " in TVM's schema " + printed + ", " + java.get(i)
                        + " in the method");
            }
        }
        return Optional.empty();
    }

    /**
     * Whether a Java type accepts a schema type, both as written here ({@code List<Long>},
     * {@code ffi.Array<int>}): a container's head, then what it holds. Inside a container a
     * tensor is an object, which a {@code TensorView} takes too.
     */
    private static boolean accepts(String java, String schema) {
        if (schema.equals("Any")) {
            return true;
        }
        int javaOpen = java.indexOf('<');
        int schemaOpen = schema.indexOf('<');
        if (javaOpen < 0) {
            String schemaHead = schemaOpen < 0 ? schema : schema.substring(0, schemaOpen);
            // Any other name is a @TvmFfi.Callback interface: a function, its types not compared.
            return ACCEPTS.containsKey(java) ? schemaOpen < 0
                    && ACCEPTS.get(java).contains(schema) : schemaHead.equals("ffi.Function");
        }
        String head = java.substring(0, javaOpen);
        String held = java.substring(javaOpen + 1, java.length() - 1);
        String schemaHead = schemaOpen < 0 ? schema : schema.substring(0, schemaOpen);
        String schemaHeld = schemaOpen < 0 ? "Any" : schema.substring(schemaOpen + 1,
                schema.length() - 1);
        if (!CONTAINERS.getOrDefault(head, "").equals(schemaHead)) {
            return false;
        }
        int comma = FfiContainer.topLevelComma(held);
        if (comma < 0) {
            return accepts(element(held), schemaHeld);
        }
        int schemaComma = FfiContainer.topLevelComma(schemaHeld);
        // A map's schema holds key and value, or nothing (Any, Any).
        String schemaKey = schemaComma < 0 ? "Any" : schemaHeld.substring(0, schemaComma);
        String schemaValue = schemaComma < 0 ? "Any" : schemaHeld.substring(schemaComma + 1);
        return accepts(element(held.substring(0, comma)), schemaKey)
                && accepts(element(held.substring(comma + 1)), schemaValue);
    }

    /** Inside a container a tensor is an object, which a {@code TensorView} takes too. */
    private static String element(String held) {
        return held.equals("Tensor") ? "Tensor element" : held;
    }

    /**
     * {@code long add(long a, long b)}: the result's type, then each parameter's (all but its
     * name: {@code @TvmFfi.Owned Tensor}).
     */
    private static List<String> javaTypes(String signature) {
        List<String> types = new ArrayList<>();
        types.add(signature.substring(0, signature.indexOf(' ')));
        String parameters = signature.substring(signature.indexOf('(') + 1, signature.lastIndexOf(')'));
        if (!parameters.isBlank()) {
            for (String parameter : parameters.split(", ")) {
                types.add(parameter.substring(0, parameter.lastIndexOf(' ')));
            }
        }
        return types;
    }

    /** The schema's types, result first, or why there is none worth comparing. */
    @SuppressWarnings("restricted")
    static FfiSchemaText.Read read(NativeAccess.Vouched library, FfiLibrary ffi,
            String symbol) {
        if (CNames.ffiGlobalName(symbol).isPresent()) {
            return FfiSchemaText.Read.unchecked("a global function: TVM's registry exports no"
                    + " schema to compare (it checks its arguments at the call)", false, symbol);
        }
        Optional<MemorySegment> metadata = CNames.ffiMetadata(symbol).flatMap(library::find);
        if (metadata.isEmpty()) {
            return FfiSchemaText.Read.unchecked("the library exports no "
                    + CNames.ffiMetadata(symbol).orElse("metadata") + " (it was built without"
                    + " -DTVM_FFI_DLL_EXPORT_INCLUDE_METADATA=1; the function checks its"
                    + " arguments at the call)", false, symbol);
        }
        MethodHandle call = Linker.nativeLinker().downcallHandle(metadata.get(),
                FfiValues.SAFE_CALL);
        String text;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment result = arena.allocate(16, 8);
            int status;
            try {
                status = (int) call.invokeExact(0L, 0L, 0, result.address());
            } catch (Throwable e) {
                throw Arguments.rethrow(e);
            }
            if (status != 0) {
                return FfiSchemaText.Read.unchecked("its metadata function raised "
                        + ffi.raised(symbol).getMessage(), true, symbol);
            }
            text = text(result, ffi, symbol);
        }
        return text == null ? FfiSchemaText.Read.unchecked("its metadata function returned no"
                + " string", true, symbol) : FfiSchemaText.parse(text, symbol);
    }

    /** The string in the {@code TVMFFIAny} {@code any}, small or an object released once; or null. */
    private static String text(MemorySegment any, FfiLibrary ffi, String symbol) {
        int type = any.get(ValueLayout.JAVA_INT, 0);
        if (type == FfiValues.SMALL_STR) {
            int length = any.get(ValueLayout.JAVA_INT, 4);
            return new String(any.asSlice(8, length).toArray(ValueLayout.JAVA_BYTE),
                    StandardCharsets.UTF_8);
        }
        long object = any.get(ValueLayout.JAVA_LONG, 8);
        if (type < FfiValues.STATIC_OBJECT_BEGIN) {
            return null;
        }
        try {
            if (type != FfiValues.STR) {
                return null;
            }
            FfiSchemaText.checkLength(FfiLibrary.textSize(object + FfiLibrary.OBJECT_HEADER),
                    symbol);
            return FfiLibrary.text(object + FfiLibrary.OBJECT_HEADER);
        } finally {
            ffi.release(object);
        }
    }
}
