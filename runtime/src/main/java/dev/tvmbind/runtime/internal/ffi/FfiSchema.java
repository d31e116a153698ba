package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.contract.CNames;
import dev.tvmbind.contract.FfiFunctionContract;
import dev.tvmbind.contract.FfiType;
import dev.tvmbind.runtime.internal.Arguments;
import dev.tvmbind.runtime.internal.NativeAccess;
import java.lang.foreign.Arena;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The load-time check of SPEC §13: a function exported with metadata has
 * {@code __tvm_ffi__metadata_<name>}, which returns {@code {"type_schema": "<JSON>"}}, the inner
 * JSON {@code {"type":"ffi.Function","args":[<result>, <arg0>, …]}} (or {@code named_args}:
 * {@link FfiSchemaText}); each type the binding states accepts the schema types
 * {@link FfiType#schemaNames()} names (the README's table). A schema without arguments (a packed
 * function), or none, leaves the function unchecked: its own check answers at the call.
 */
final class FfiSchema {
    private FfiSchema() {}

    /** Where a type stands: a tensor passed is a view, one returned or held an object. */
    enum Place { PARAMETER, RESULT, HELD }

    /**
     * The schema as messages print it: {@code [int, int] -> int}.
     *
     * @param tvm its types, result first ({@link #read})
     */
    static String printed(List<FfiSchemaText.Type> tvm) {
        return tvm.subList(1, tvm.size()) + " -> " + tvm.getFirst();
    }

    /**
     * Compares a function as its binding states it with the schema its library exports.
     *
     * @param tvm the schema's types, result first ({@link #read})
     * @param function the function as the binding states it
     * @return why they differ, or empty when they agree
     */
    static Optional<String> compare(List<FfiSchemaText.Type> tvm, FfiFunctionContract function) {
        List<FfiFunctionContract.Parameter> parameters = function.parameters();
        String printed = printed(tvm);
        if (tvm.size() != parameters.size() + 1) {
            return Optional.of("it takes " + (tvm.size() - 1) + " arguments in TVM's schema "
                    + printed + ", the method " + parameters.size());
        }
        for (int i = 0; i < tvm.size(); i++) {
            FfiType java = i == 0 ? function.result() : parameters.get(i - 1).type();
            if (!accepts(java, tvm.get(i), i == 0 ? Place.RESULT : Place.PARAMETER)) {
                return Optional.of((i == 0 ? "its result" : "argument " + (i - 1)) + " is "
                        + tvm.get(i) + " in TVM's schema " + printed + ", " + java.javaName()
                        + " in the method");
            }
        }
        return Optional.empty();
    }

    /**
     * Whether a Java type accepts a schema type: a container's head, then what it holds, each
     * held type {@code Any} where the schema names none. A callback's own types are not
     * compared: its Java method checks what it is given.
     */
    static boolean accepts(FfiType java, FfiSchemaText.Type schema, Place place) {
        if (schema.head().equals("Any") || java == FfiType.Plain.ANY) {
            return true;
        }
        if (java == FfiType.Plain.OBJECT) {
            return !VALUES.contains(schema.head());
        }
        if (!heads(java, place).contains(schema.head())) {
            return false;
        }
        return switch (java) {
            case FfiType.Plain p -> schema.held() == null || schema.held().isEmpty();
            case FfiType.OptionalOf o -> accepts(o.element(), schema.held(0, 1), Place.HELD);
            case FfiType.ListOf l -> accepts(l.element(), schema.held(0, 1), Place.HELD);
            case FfiType.MapOf m -> accepts(m.key(), schema.held(0, 2), Place.HELD)
                    && accepts(m.value(), schema.held(1, 2), Place.HELD);
            case FfiType.Callback c -> true;
        };
    }

    /** Schema types that are values, not objects: what an {@code FfiObject} does not take. */
    private static final Set<String> VALUES = Set.of("None", "int", "bool", "float", "void*",
            "DataType", "Device", "DLTensor*", "const char*", "std::string", "Optional");

    /** The schema heads a Java type accepts where it stands. */
    static Set<String> heads(FfiType java, Place place) {
        // A tensor returned is always an object; one held may be either (a view takes an object).
        if (java == FfiType.Plain.TENSOR && place != Place.PARAMETER) {
            return place == Place.RESULT ? FfiType.Plain.OWNED_TENSOR.schemaNames()
                    : Set.of("ffi.Tensor", "DLTensor*");
        }
        return java.schemaNames();
    }

    /** The schema's types, result first, or why there is none worth comparing. */
    static FfiSchemaText.Read read(NativeAccess.Vouched library, FfiLibrary ffi,
            String symbol) {
        Metadata metadata = metadata(library, ffi, symbol);
        return metadata.text().map(text -> FfiSchemaText.parse(text, symbol))
                .orElseGet(metadata::unchecked);
    }

    /**
     * What {@code __tvm_ffi__metadata_<name>} returned, or why there is none.
     *
     * @param text the metadata's text, when the library has it
     * @param unchecked why there is none: the function loads unchecked
     */
    record Metadata(Optional<String> text, FfiSchemaText.Read unchecked) {
        static Metadata none(FfiSchemaText.Read why) {
            return new Metadata(Optional.empty(), why);
        }
    }

    /** The metadata text of {@code symbol}, read by calling its metadata function. */
    @SuppressWarnings("restricted")
    static Metadata metadata(NativeAccess.Vouched library, FfiLibrary ffi, String symbol) {
        if (CNames.ffiGlobalName(symbol).isPresent()) {
            return Metadata.none(FfiSchemaText.Read.unchecked("a global function: TVM's registry"
                    + " exports no schema to compare (it checks its arguments at the call)", false,
                    symbol));
        }
        Optional<MemorySegment> metadata = CNames.ffiMetadata(symbol).flatMap(library::find);
        if (metadata.isEmpty()) {
            return Metadata.none(FfiSchemaText.Read.unchecked("the library exports no "
                    + CNames.ffiMetadata(symbol).orElse("metadata") + " (it was built without"
                    + " -DTVM_FFI_DLL_EXPORT_INCLUDE_METADATA=1; the function checks its"
                    + " arguments at the call)", false, symbol));
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
                return Metadata.none(FfiSchemaText.Read.unchecked("its metadata function raised "
                        + ffi.raised(symbol).getMessage(), true, symbol));
            }
            text = text(result, ffi, symbol);
        }
        return text == null ? Metadata.none(FfiSchemaText.Read.unchecked("its metadata function"
                + " returned no string", true, symbol)) : new Metadata(Optional.of(text), null);
    }

    /** The string in the {@code TVMFFIAny} {@code any}, small or an object released once; or null. */
    private static String text(MemorySegment any, FfiLibrary ffi, String symbol) {
        int type = any.get(ValueLayout.JAVA_INT, 0);
        if (type == FfiTypeIndex.SMALL_STR) {
            int length = any.get(ValueLayout.JAVA_INT, 4);
            return new String(any.asSlice(8, length).toArray(ValueLayout.JAVA_BYTE),
                    StandardCharsets.UTF_8);
        }
        long object = any.get(ValueLayout.JAVA_LONG, 8);
        if (type < FfiTypeIndex.STATIC_OBJECT_BEGIN) {
            return null;
        }
        try {
            if (type != FfiTypeIndex.STR) {
                return null;
            }
            FfiSchemaText.checkLength(FfiByteArrays.textSize(object + FfiLibrary.OBJECT_HEADER),
                    symbol);
            return FfiByteArrays.text(object + FfiLibrary.OBJECT_HEADER);
        } finally {
            ffi.release(object);
        }
    }
}
