package dev.tvmbind.processor.generate.java;

import static dev.tvmbind.processor.generate.java.BindingTypes.VALUE_LAYOUT;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import dev.tvmbind.processor.generate.Prototypes;
import dev.tvmbind.processor.model.EntryPointSpec;
import dev.tvmbind.processor.model.JavaType;
import dev.tvmbind.processor.model.ParamSpec;
import java.util.ArrayList;
import java.util.List;

/** How each Java type of an entry point appears in FFM code: its Java type and its C layout. */
final class Layouts {
    private Layouts() {}

    static TypeName javaType(JavaType type) {
        return switch (type) {
            case VOID -> TypeName.VOID;
            case BYTE -> TypeName.BYTE;
            case SHORT -> TypeName.SHORT;
            case INT -> TypeName.INT;
            case LONG -> TypeName.LONG;
            case FLOAT -> TypeName.FLOAT;
            case DOUBLE -> TypeName.DOUBLE;
            case BOOLEAN -> TypeName.BOOLEAN;
            case CHAR -> TypeName.CHAR;
            case SEGMENT -> BindingTypes.MEMORY_SEGMENT;
            case STRING -> BindingTypes.STRING;
            case BYTE_ARRAY -> ArrayTypeName.of(TypeName.BYTE);
            case SHORT_ARRAY -> ArrayTypeName.of(TypeName.SHORT);
            case CHAR_ARRAY -> ArrayTypeName.of(TypeName.CHAR);
            case INT_ARRAY -> ArrayTypeName.of(TypeName.INT);
            case LONG_ARRAY -> ArrayTypeName.of(TypeName.LONG);
            case FLOAT_ARRAY -> ArrayTypeName.of(TypeName.FLOAT);
            case DOUBLE_ARRAY -> ArrayTypeName.of(TypeName.DOUBLE);
        };
    }

    /**
     * The entry point's function descriptor. TVM's structs, strings and copied arrays lie in
     * scratch memory and are passed by address as {@code Scratch.POINTER}; segments of the
     * caller and a critical call's arrays (heap segments) as {@code ADDRESS}.
     */
    static CodeBlock descriptor(EntryPointSpec entryPoint, BindingNames names) {
        List<CodeBlock> arguments = new ArrayList<>();
        JavaType result;
        if (entryPoint.isTensor()) {
            result = JavaType.INT;
            entryPoint.structRoles()
                    .forEach(role -> arguments.add(RuntimeMembers.POINTER.field(names)));
        } else {
            result = entryPoint.returnType();
            for (ParamSpec param : entryPoint.params()) {
                arguments.add(BindingTypes.staged(entryPoint, param)
                        ? RuntimeMembers.POINTER.field(names) : layout(param.type(), names));
            }
        }
        if (result == JavaType.VOID) {
            return RuntimeMembers.PROCEDURE.call(names, "$L", CodeBlock.join(arguments, ",$W"));
        }
        arguments.addFirst(layout(result, names));
        return RuntimeMembers.FUNCTION.call(names, "$L", CodeBlock.join(arguments, ",$W"));
    }

    /** The layout of a value passed to or returned from C: pointers are {@code ADDRESS}. */
    private static CodeBlock layout(JavaType type, BindingNames names) {
        String constant = switch (type) {
            case BYTE -> "JAVA_BYTE";
            case SHORT -> "JAVA_SHORT";
            case INT -> "JAVA_INT";
            case LONG -> "JAVA_LONG";
            case FLOAT -> "JAVA_FLOAT";
            case DOUBLE -> "JAVA_DOUBLE";
            case BOOLEAN -> "JAVA_BOOLEAN";
            case CHAR -> "JAVA_CHAR";
            case SEGMENT, STRING, BYTE_ARRAY, SHORT_ARRAY, CHAR_ARRAY, INT_ARRAY, LONG_ARRAY,
                    FLOAT_ARRAY, DOUBLE_ARRAY -> "ADDRESS";
            case VOID -> throw new IllegalArgumentException("void has no layout");
        };
        return CodeBlock.of("$L.$L", names.owner(VALUE_LAYOUT), constant);
    }

    /** {@code workspace_pools} → {@code workspacePools}: a struct argument's Java local. */
    static String camelCase(String snake) {
        StringBuilder out = new StringBuilder();
        boolean upper = false;
        for (char c : snake.toCharArray()) {
            if (c == '_') {
                upper = true;
            } else {
                out.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return out.toString();
    }
}
