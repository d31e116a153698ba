package dev.tvmbind.processor.describe;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import dev.tvmbind.check.TensorDeclaration;

/**
 * The parameter {@code describe} writes for one of TVM's tensors: the check component's
 * {@link TensorDeclaration} (whose text the check's errors give to paste) as JavaPoet's spec,
 * from the same members, so the two never disagree.
 */
final class TensorParameter {
    private static final String DSL = "dev.tvmbind";

    private TensorParameter() {}

    /** The declaration with its annotation and {@code MemorySegment} imported. */
    static ParameterSpec spec(TensorDeclaration declaration) {
        AnnotationSpec.Builder annotation = AnnotationSpec.builder(
                ClassName.get(DSL, declaration.annotation()));
        declaration.members().forEach((name, value) -> annotation.addMember(name, "$L", value));
        TypeName type = declaration.array().<TypeName>map(TypeName::get)
                .orElse(ClassName.get("java.lang.foreign", "MemorySegment"));
        return ParameterSpec.builder(type, declaration.variable())
                .addAnnotation(annotation.build()).build();
    }
}
