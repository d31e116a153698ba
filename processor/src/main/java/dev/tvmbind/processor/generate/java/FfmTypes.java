package dev.tvmbind.processor.generate.java;

import dev.tvmbind.processor.model.JavaType;

/** How each Java type of an entry point appears in FFM code: its Java type and its C layout. */
final class FfmTypes {
    private FfmTypes() {}

    static String javaType(JavaType type, Imports imports) {
        return switch (type) {
            case SEGMENT -> imports.name(Classes.MEMORY_SEGMENT);
            case STRING -> imports.name(Classes.STRING);
            // Primitives, void and primitive arrays: keywords, written as the model names them.
            default -> type.javaName();
        };
    }

    /** The layout of a value passed to or returned from C: pointers are {@code ADDRESS}. */
    static String layout(JavaType type, Imports imports) {
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
        return imports.name(Classes.VALUE_LAYOUT) + "." + constant;
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
