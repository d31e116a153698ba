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
     * A callback type's converter, with the typed call of its Java method,
     * {@code (target, arguments) -> ((Scorer) target).score((Long) arguments[0])}, and the
     * interface over a function a library returned,
     * {@code function -> (Scorer) (a0) -> (Long) function.call(a0)}.
     */
    static FieldSpec of(FfiType.Callback type, String field) {
        List<CodeBlock> arguments = new ArrayList<>();
        for (int i = 0; i < type.parameters().size(); i++) {
            arguments.add(cast(type.parameters().get(i), CodeBlock.of("arguments[$L]", i)));
        }
        TypeName callbackType = FfiTypeCode.javaType(type);
        CodeBlock call = CodeBlock.of("(($T) target).$N($L)", callbackType, type.method(),
                CodeBlock.join(arguments, ", "));
        CodeBlock lambda = type.result() == FfiType.Plain.VOID
                ? CodeBlock.of("(target, arguments) -> {\n$L;\nreturn null;\n}", call)
                : CodeBlock.of("(target, arguments) -> $L", call);
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

    /** An {@code Object} as {@code type}'s boxed Java type: no cast for {@code Object} itself. */
    private static CodeBlock cast(FfiType type, CodeBlock value) {
        TypeName boxed = FfiTypeCode.javaType(type).box();
        return boxed.equals(ClassName.OBJECT) ? value : CodeBlock.of("($T) $L", boxed, value);
    }
}
