package dev.tvmbind.processor.read;

import dev.tvmbind.processor.model.JavaType;
import java.util.Optional;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.element.TypeElement;

/** Maps a Java type as javac sees it onto the supported types of {@link JavaType}. */
final class TypeMapper {
    private TypeMapper() {}

    static Optional<JavaType> map(TypeMirror type) {
        return switch (type.getKind()) {
            case VOID -> Optional.of(JavaType.VOID);
            case BYTE -> Optional.of(JavaType.BYTE);
            case SHORT -> Optional.of(JavaType.SHORT);
            case INT -> Optional.of(JavaType.INT);
            case LONG -> Optional.of(JavaType.LONG);
            case FLOAT -> Optional.of(JavaType.FLOAT);
            case DOUBLE -> Optional.of(JavaType.DOUBLE);
            case BOOLEAN -> Optional.of(JavaType.BOOLEAN);
            case CHAR -> Optional.of(JavaType.CHAR);
            case ARRAY -> mapArray(((ArrayType) type).getComponentType().getKind());
            case DECLARED -> mapDeclared((DeclaredType) type);
            default -> Optional.empty();
        };
    }

    private static Optional<JavaType> mapArray(TypeKind component) {
        return switch (component) {
            case BYTE -> Optional.of(JavaType.BYTE_ARRAY);
            case SHORT -> Optional.of(JavaType.SHORT_ARRAY);
            case CHAR -> Optional.of(JavaType.CHAR_ARRAY);
            case INT -> Optional.of(JavaType.INT_ARRAY);
            case LONG -> Optional.of(JavaType.LONG_ARRAY);
            case FLOAT -> Optional.of(JavaType.FLOAT_ARRAY);
            case DOUBLE -> Optional.of(JavaType.DOUBLE_ARRAY);
            default -> Optional.empty();
        };
    }

    private static Optional<JavaType> mapDeclared(DeclaredType type) {
        if (!type.getTypeArguments().isEmpty()) {
            return Optional.empty();
        }
        String name = ((TypeElement) type.asElement()).getQualifiedName().toString();
        return switch (name) {
            case "java.lang.foreign.MemorySegment" -> Optional.of(JavaType.SEGMENT);
            case "java.lang.String" -> Optional.of(JavaType.STRING);
            default -> Optional.empty();
        };
    }

    /** How messages write a type: simple names, {@code float[]}. */
    static String shortName(TypeMirror type) {
        return switch (type) {
            case DeclaredType d -> d.asElement().getSimpleName().toString();
            case ArrayType a -> shortName(a.getComponentType()) + "[]";
            default -> type.toString();
        };
    }
}
