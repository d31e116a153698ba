package dev.tvmbind.processor.generate.java;

import static dev.tvmbind.processor.generate.java.BindingTypes.FFI_TENSOR;
import static dev.tvmbind.processor.generate.java.BindingTypes.LIST;
import static dev.tvmbind.processor.generate.java.BindingTypes.MEMORY_SEGMENT;
import static dev.tvmbind.processor.generate.java.BindingTypes.STRING;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import java.util.List;
import dev.tvmbind.contract.FfiFunctionContract;
import dev.tvmbind.contract.FfiTensorShape;
import dev.tvmbind.contract.FfiType;

/**
 * An {@link FfiType} in generated code: the Java type a method declares for it, and the
 * expression that states it to the runtime ({@code FfiType.listOf(FfiType.Plain.LONG)}).
 */
public final class FfiTypeCode {
    private FfiTypeCode() {}

    static final ClassName FFI_TYPE = ClassName.get(FfiType.class);
    static final ClassName PLAIN = ClassName.get(FfiType.Plain.class);
    static final ClassName FUNCTION_CONTRACT = ClassName.get(FfiFunctionContract.class);
    static final ClassName TENSOR_SHAPE = ClassName.get(FfiTensorShape.class);
    static final ClassName DEVICE_TYPE = ClassName.get("dev.tvmbind", "DeviceType");
    static final ClassName DTYPE = ClassName.get("dev.tvmbind", "DType");
    private static final ClassName OPTIONAL = ClassName.get("java.util", "Optional");
    private static final ClassName MAP = ClassName.get("java.util", "Map");

    /** The Java type a method declares: {@code long}, {@code List<Long>}, the callback's. */
    public static TypeName javaType(FfiType type) {
        return switch (type) {
            case FfiType.OptionalOf o -> ParameterizedTypeName.get(OPTIONAL,
                    javaType(o.element()).box());
            case FfiType.ListOf l -> ParameterizedTypeName.get(LIST, javaType(l.element()).box());
            case FfiType.MapOf m -> ParameterizedTypeName.get(MAP, javaType(m.key()).box(),
                    javaType(m.value()).box());
            case FfiType.Callback c -> ClassName.bestGuess(c.name());
            case FfiType.Plain p -> switch (p) {
                case LONG -> TypeName.LONG;
                case INT -> TypeName.INT;
                case SHORT -> TypeName.SHORT;
                case BYTE -> TypeName.BYTE;
                case DOUBLE -> TypeName.DOUBLE;
                case FLOAT -> TypeName.FLOAT;
                case BOOLEAN -> TypeName.BOOLEAN;
                case VOID -> TypeName.VOID;
                case STRING -> STRING;
                case POINTER -> MEMORY_SEGMENT;
                case TENSOR, OWNED_TENSOR -> FFI_TENSOR;
                case SHAPE -> ArrayTypeName.of(TypeName.LONG);
                case BYTES -> ArrayTypeName.of(TypeName.BYTE);
                case BIG_INTEGER -> ClassName.get(java.math.BigInteger.class);
                case DEVICE -> ClassName.get("dev.tvmbind.runtime.ffi", "DLDevice");
                case DATA_TYPE -> ClassName.get("dev.tvmbind.runtime.ffi", "DLDataType");
                case ANY -> ClassName.OBJECT;
                case OBJECT -> ClassName.get("dev.tvmbind.runtime.ffi", "FfiObject");
                case MODULE -> ClassName.get("dev.tvmbind.runtime.ffi", "FfiModule");
            };
        };
    }

    /** The expression that states {@code type}: {@code FfiType.listOf(FfiType.Plain.LONG)}. */
    static CodeBlock stated(FfiType type) {
        return switch (type) {
            case FfiType.Plain p -> CodeBlock.of("$T.$N", PLAIN, p.name());
            case FfiType.OptionalOf o -> CodeBlock.of("$T.optionalOf($L)", FFI_TYPE,
                    stated(o.element()));
            case FfiType.ListOf l -> CodeBlock.of("$T.listOf($L)", FFI_TYPE, stated(l.element()));
            case FfiType.MapOf m -> CodeBlock.of("$T.mapOf($L, $L)", FFI_TYPE, stated(m.key()),
                    stated(m.value()));
            case FfiType.Callback c -> {
                CodeBlock.Builder call = CodeBlock.builder().add("$T.callback($S, $S, $L", FFI_TYPE,
                        c.name(), c.method(), stated(c.result()));
                c.parameters().forEach(p -> call.add(", $L", stated(p)));
                yield call.add(")").build();
            }
        };
    }

    /**
     * A string literal of any text, such as a global function's name: JavaPoet's {@code $S}
     * writes a line or paragraph separator as it is, which its line wrapping then breaks, so
     * every character outside printable ASCII is escaped here (control characters in octal, since
     * a unicode escape of a line feed ends the literal before javac reads it).
     */
    static CodeBlock literal(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c == 0x7f) {
                out.append(String.format("\\%03o", (int) c));
            } else if (c > 0x7e) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return CodeBlock.of("$L", out.append('"'));
    }

    /** The expression that states a shape: {@code FfiTensorShape.of(DType.FLOAT32, "n")}. */
    static CodeBlock stated(FfiTensorShape shape) {
        CodeBlock.Builder call = CodeBlock.builder().add("$T.of(", TENSOR_SHAPE);
        List<CodeBlock> parts = new java.util.ArrayList<>();
        shape.dtype().ifPresent(d -> parts.add(CodeBlock.of("$T.$N", DTYPE, d.name())));
        shape.dims().forEach(d -> parts.add(CodeBlock.of("$S", d)));
        call.add("$L)", CodeBlock.join(parts, ", "));
        if (shape.contiguous()) {
            call.add(".contiguousOnly()");
        }
        if (!shape.devices().isEmpty()) {
            call.add(".on($L)", CodeBlock.join(shape.devices().stream()
                    .map(d -> CodeBlock.of("$T.$N", DEVICE_TYPE, d.name())).toList(), ", "));
        }
        return call.build();
    }

    /** The expression that states a function: {@code FfiFunctionContract.exported(…)}. */
    static CodeBlock stated(FfiFunctionContract function) {
        CodeBlock.Builder call = CodeBlock.builder().add("$T.$N($S, $L, $L", FUNCTION_CONTRACT,
                function.kind().name().toLowerCase(java.util.Locale.ROOT), function.javaName(),
                literal(function.name()), stated(function.result()));
        for (FfiFunctionContract.Parameter p : function.parameters()) {
            call.add(",\n$T.parameter($S, $L", FUNCTION_CONTRACT, p.name(), stated(p.type()));
            p.shape().ifPresent(shape -> call.add(", $L", stated(shape)));
            call.add(")");
        }
        call.add(")");
        function.resultShape().ifPresent(shape -> call.add("\n.returning($L)", stated(shape)));
        return call.build();
    }
}
