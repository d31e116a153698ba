package dev.tvmbind.processor.generate.java;

import static dev.tvmbind.processor.generate.java.BindingTypes.FFI_CALLBACK;
import static javax.lang.model.element.Modifier.FINAL;
import static javax.lang.model.element.Modifier.PRIVATE;
import static javax.lang.model.element.Modifier.STATIC;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.TypeName;
import dev.tvmbind.contract.FfiType;
import java.util.ArrayList;
import java.util.List;

/**
 * The field an FFI binding keeps for each callback type it names: the runtime's converter, made
 * with the typed call of the interface's method and the interface over a function a library
 * returned, both written by the processor so no callback is called by reflection.
 */
final class CallbackFields {
    private CallbackFields() {}

    /**
     * A callback type's converter, with the typed call of its Java method, reading each argument
     * and writing the result through {@code FfiUpcall} (numbers without boxing),
     * {@code (target, args, result, type, library) -> FfiUpcall.setInt(result, ((Scorer) target)
     * .score(FfiUpcall.toInt(args, 0, 64, type, library)))}, and the interface over a function a
     * library returned, {@code function -> (Scorer) (a0) -> (Long) function.call(a0)}.
     */
    static FieldSpec of(FfiType.Callback type, String field) {
        List<CodeBlock> arguments = new ArrayList<>();
        for (int i = 0; i < type.parameters().size(); i++) {
            arguments.add(argument(type.parameters().get(i), i));
        }
        TypeName callbackType = FfiTypeCode.javaType(type);
        CodeBlock call = CodeBlock.of("(($T) target).$N($L)", callbackType, type.method(),
                CodeBlock.join(arguments, ", "));
        CodeBlock lambda = CodeBlock.of("(target, args, result, type, library) -> $L",
                result(type.result(), call));
        List<CodeBlock> held = new ArrayList<>();
        for (int i = 0; i < type.parameters().size(); i++) {
            held.add(CodeBlock.of("a$L", i));
        }
        CodeBlock forward = CodeBlock.of("function.call($L)", CodeBlock.join(held, ", "));
        CodeBlock wrapper = CodeBlock.of("function -> ($T) ($L) -> $L", callbackType,
                CodeBlock.join(held, ", "), type.result() == FfiType.Plain.VOID
                        ? CodeBlock.of("{\n$L;\n}", forward)
                        : cast(type.result(), forward));
        return FieldSpec.builder(FFI_CALLBACK, field, PRIVATE, STATIC, FINAL)
                .addAnnotation(AnnotationSpec.builder(SuppressWarnings.class)
                        .addMember("value", "$S", "unchecked").build())
                .initializer("$L", RuntimeMembers.CALLBACK_OF.call("$L, $L,\n$L",
                        FfiTypeCode.stated(type), lambda, wrapper))
                .build();
    }

    /** Argument {@code index} as {@code type}'s Java value. */
    private static CodeBlock argument(FfiType type, int index) {
        if (type instanceof FfiType.Plain plain) {
            switch (plain) {
                case LONG, INT, SHORT, BYTE -> {
                    CodeBlock read = RuntimeMembers.UPCALL_TO_INT.call("args, $L, $L, type, library",
                            index, plain.bits());
                    return plain == FfiType.Plain.LONG ? read
                            : CodeBlock.of("($T) $L", FfiTypeCode.javaType(plain), read);
                }
                case DOUBLE -> {
                    return RuntimeMembers.UPCALL_TO_FLOAT.call("args, $L, type, library", index);
                }
                case FLOAT -> {
                    return CodeBlock.of("(float) $L", RuntimeMembers.UPCALL_TO_FLOAT.call(
                            "args, $L, type, library", index));
                }
                case BOOLEAN -> {
                    return RuntimeMembers.UPCALL_TO_BOOL.call("args, $L, type, library", index);
                }
                default -> { }
            }
        }
        return cast(type, RuntimeMembers.UPCALL_TO_OBJECT.call("args, $L, type, library", index));
    }

    /** The Java method's {@code call}, its value written as the callback's result. */
    private static CodeBlock result(FfiType type, CodeBlock call) {
        if (type instanceof FfiType.Plain plain) {
            switch (plain) {
                case VOID -> {
                    return call;
                }
                case LONG, INT, SHORT, BYTE -> {
                    return RuntimeMembers.UPCALL_SET_INT.call("result, $L", call);
                }
                case DOUBLE, FLOAT -> {
                    return RuntimeMembers.UPCALL_SET_FLOAT.call("result, $L", call);
                }
                case BOOLEAN -> {
                    return RuntimeMembers.UPCALL_SET_BOOL.call("result, $L", call);
                }
                default -> { }
            }
        }
        return RuntimeMembers.UPCALL_SET_OBJECT.call("result, $L, type, library", call);
    }

    /** An {@code Object} as {@code type}'s boxed Java type: no cast for {@code Object} itself. */
    private static CodeBlock cast(FfiType type, CodeBlock value) {
        TypeName boxed = FfiTypeCode.javaType(type).box();
        return boxed.equals(ClassName.OBJECT) ? value : CodeBlock.of("($T) $L", boxed, value);
    }
}
