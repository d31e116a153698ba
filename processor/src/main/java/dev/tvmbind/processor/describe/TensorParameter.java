package dev.tvmbind.processor.describe;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import dev.tvmbind.processor.model.JavaType;
import dev.tvmbind.processor.model.Role;
import dev.tvmbind.processor.model.TvmTensor;
import dev.tvmbind.runtime.DType;
import java.util.Optional;
import javax.lang.model.SourceVersion;

/**
 * The parameter that declares one of TVM's tensors, as TVM's output describes it: TVM's name, its
 * dtype and the Java array of that dtype (a {@code MemorySegment} where the dtype is unknown), its
 * shape, and its size where the shape and dtype do not give it. What {@code describe} writes and
 * what the check's errors give to paste, so the two never disagree.
 *
 * @param role the tensor's role in the run function
 * @param tensor the tensor, as TVM's output describes it
 * @param variable the Java parameter's name
 */
public record TensorParameter(Role role, TvmTensor tensor, String variable) {
    private static final String DSL = "dev.tvmbind";

    /** The parameter for {@code tensor}, named after its struct member. */
    public static TensorParameter of(Role role, TvmTensor tensor) {
        return new TensorParameter(role, tensor, variableFor(tensor.member()));
    }

    /** A Java name for a C member: lower-case start, never a keyword or starting with a digit. */
    static String variableFor(String member) {
        String variable = Character.isDigit(member.charAt(0)) ? "t" + member
                : Character.toLowerCase(member.charAt(0)) + member.substring(1);
        return SourceVersion.isKeyword(variable) ? variable + "_" : variable;
    }

    /** The dtype, where TVM's output names one this project knows. */
    public Optional<DType> dtype() {
        return tensor.dtype().flatMap(DType::of);
    }

    /** The Java type: the array of the dtype, else a segment. */
    public JavaType type() {
        return dtype().flatMap(JavaType::arrayFor).orElse(JavaType.SEGMENT);
    }

    /**
     * The declaration, with its annotation imported (written {@code Input}) or not.
     *
     * @param imported whether the annotation's simple name is in scope
     */
    public ParameterSpec spec(boolean imported) {
        AnnotationSpec.Builder annotation = AnnotationSpec.builder(annotation(imported))
                .addMember("value", "$S", tensor.name());
        tensor.dtype().ifPresent(d -> annotation.addMember("dtype", "$S", d));
        tensor.shape().ifPresent(shape -> annotation.addMember("shape", "{$L}", CodeBlock.join(
                shape.stream().map(d -> CodeBlock.of(d > Integer.MAX_VALUE ? "$LL" : "$L", d))
                        .toList(), ", ")));
        boolean sizeFollows = tensor.shape().isPresent() && dtype().isPresent();
        if (!sizeFollows && tensor.size() > 0) {
            annotation.addMember("size", "$L", tensor.size());
        }
        return ParameterSpec.builder(javaType(imported), variable).addAnnotation(annotation.build())
                .build();
    }

    /** The declaration to paste: {@code @Input(value = "x", dtype = "int8", shape = {4}) byte[] x}. */
    public String declaration() {
        return spec(false).toString();
    }

    private TypeName javaType(boolean imported) {
        return switch (type()) {
            case SEGMENT -> ClassName.get(imported ? "java.lang.foreign" : "", "MemorySegment");
            case BYTE_ARRAY -> TypeName.get(byte[].class);
            case SHORT_ARRAY -> TypeName.get(short[].class);
            case CHAR_ARRAY -> TypeName.get(char[].class);
            case INT_ARRAY -> TypeName.get(int[].class);
            case LONG_ARRAY -> TypeName.get(long[].class);
            case FLOAT_ARRAY -> TypeName.get(float[].class);
            case DOUBLE_ARRAY -> TypeName.get(double[].class);
            default -> throw new IllegalStateException("not a tensor type: " + type());
        };
    }

    private ClassName annotation(boolean imported) {
        String simple = switch (role) {
            case INPUT -> "Input";
            case OUTPUT -> "Output";
            case WORKSPACE_POOL -> "WorkspacePool";
            case DEVICE, PLAIN -> "Device";
        };
        return imported ? ClassName.get(DSL, simple) : ClassName.get("", simple);
    }
}
