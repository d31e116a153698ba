package dev.tvmbind.processor.generate.java;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import dev.tvmbind.processor.model.JavaType;

/** How each Java type of an entry point appears in FFM code: its Java type and its C layout. */
final class FfmTypes {
    private FfmTypes() {}

    static final ClassName VALUE_LAYOUT = ClassName.get("java.lang.foreign", "ValueLayout");
    static final ClassName MEMORY_SEGMENT = ClassName.get("java.lang.foreign", "MemorySegment");

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
            case SEGMENT -> MEMORY_SEGMENT;
            case STRING -> ClassName.get(String.class);
            case BYTE_ARRAY, SHORT_ARRAY, CHAR_ARRAY, INT_ARRAY, LONG_ARRAY, FLOAT_ARRAY,
                    DOUBLE_ARRAY -> ArrayTypeName.of(javaType(elementOf(type)));
        };
    }

    /** The layout of a value passed to or returned from C: pointers are {@code ADDRESS}. */
    static CodeBlock layout(JavaType type) {
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
        return CodeBlock.of("$T.$L", VALUE_LAYOUT, constant);
    }

    /** The element type of a primitive array type. */
    static JavaType elementOf(JavaType array) {
        return switch (array) {
            case BYTE_ARRAY -> JavaType.BYTE;
            case SHORT_ARRAY -> JavaType.SHORT;
            case CHAR_ARRAY -> JavaType.CHAR;
            case INT_ARRAY -> JavaType.INT;
            case LONG_ARRAY -> JavaType.LONG;
            case FLOAT_ARRAY -> JavaType.FLOAT;
            case DOUBLE_ARRAY -> JavaType.DOUBLE;
            default -> throw new IllegalArgumentException(array + " is not an array type");
        };
    }

    static int elementBytes(JavaType array) {
        return switch (elementOf(array)) {
            case BYTE -> 1;
            case SHORT, CHAR -> 2;
            case INT, FLOAT -> 4;
            default -> 8;
        };
    }
}
