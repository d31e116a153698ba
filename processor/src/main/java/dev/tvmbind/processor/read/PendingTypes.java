package dev.tvmbind.processor.read;

import java.util.List;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * Whether an interface's methods name a type javac cannot resolve yet: one another processor
 * generates in a later round (a {@code @TvmFfi.Callback} interface, or the interface a model
 * extends for its entry points). Such an interface waits for that round instead of being refused
 * now, as Dagger defers its elements.
 */
public final class PendingTypes {
    private PendingTypes() {}

    /**
     * Whether {@code type} extends an unresolved interface (whose methods it would inherit), or a
     * method it declares or inherits names an unresolved type.
     */
    public static boolean in(TypeElement type, Elements elements) {
        if (type.getInterfaces().stream().anyMatch(PendingTypes::unresolved)) {
            return true;
        }
        for (var member : elements.getAllMembers(type)) {
            if (member.getKind() != ElementKind.METHOD) {
                continue;
            }
            ExecutableElement method = (ExecutableElement) member;
            if (unresolved(method.getReturnType()) || method.getParameters().stream()
                    .anyMatch(p -> unresolved(p.asType()))) {
                return true;
            }
        }
        return false;
    }

    private static boolean unresolved(TypeMirror type) {
        if (type.getKind() == TypeKind.ERROR) {
            return true;
        }
        if (type instanceof ArrayType array) {
            return unresolved(array.getComponentType());
        }
        if (type instanceof DeclaredType declared) {
            List<? extends TypeMirror> arguments = declared.getTypeArguments();
            return arguments.stream().anyMatch(PendingTypes::unresolved);
        }
        return false;
    }
}
