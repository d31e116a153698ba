package dev.tvmbind.processor.generate.java;

import static dev.tvmbind.processor.generate.java.BindingTypes.DTYPE;
import static dev.tvmbind.processor.generate.java.BindingTypes.TENSOR_ARGUMENT;
import static javax.lang.model.element.Modifier.FINAL;
import static javax.lang.model.element.Modifier.PRIVATE;
import static javax.lang.model.element.Modifier.STATIC;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import dev.tvmbind.TensorRole;
import dev.tvmbind.contract.TensorContract;
import dev.tvmbind.processor.generate.JavadocText;
import java.util.List;
import java.util.Map;

/** Writes one {@code TensorArgument} constant per tensor parameter: its contract and checks. */
final class TensorConstants {
    private TensorConstants() {}

    /** The description's first step for each role: {@code Descriptions.input(…)}. */
    private static final Map<TensorRole, RuntimeMembers.Member> FACTORIES = Map.of(
            TensorRole.INPUT, RuntimeMembers.INPUT, TensorRole.OUTPUT, RuntimeMembers.OUTPUT,
            TensorRole.WORKSPACE_POOL, RuntimeMembers.WORKSPACE_POOL,
            TensorRole.DEVICE, RuntimeMembers.DEVICE);

    /** A tensor parameter, in the constant {@code name}: its {@code TensorInfo} and checks. */
    static FieldSpec field(TensorContract tensor, String name) {
        String role = tensor.role().toString();
        return FieldSpec.builder(TENSOR_ARGUMENT, name, PRIVATE, STATIC, FINAL)
                .addJavadoc("$L <code>$L</code>, passed as {@code $L}.\n",
                        Character.toUpperCase(role.charAt(0)) + role.substring(1),
                        JavadocText.of(tensor.name()), tensor.javaName())
                .initializer(RuntimeMembers.TENSOR_ARGUMENT_OF.call("$Z$L", tensorInfo(tensor)))
                .build();
    }

    /**
     * {@code Descriptions.input("input_1", "audio", "byte[]").dtype(DType.INT8)
     * .shape(1, 49, 10, 1).bytes(490L).build()}: the facts the interface states, each named, in
     * that order.
     */
    private static CodeBlock tensorInfo(TensorContract tensor) {
        CodeBlock.Builder info = CodeBlock.builder().add(FACTORIES.get(tensor.role())
                .call("$S,$W$S,$W$S", tensor.name(), tensor.javaName(), tensor.javaType()));
        if (!tensor.member().equals(tensor.name())) {
            info.add("$Z$L", RuntimeMembers.MEMBER.step("$S", tensor.member()));
        }
        tensor.dtype().ifPresent(d -> info.add("$Z$L", RuntimeMembers.DTYPE.step("$T.$L", DTYPE,
                d.name())));
        if (!tensor.shape().isEmpty()) {
            // A dimension beyond int needs its L: the parameter is a long....
            List<CodeBlock> dimensions = tensor.shape().stream()
                    .map(d -> CodeBlock.of(d > Integer.MAX_VALUE ? "$LL" : "$L", d)).toList();
            info.add("$Z$L", RuntimeMembers.SHAPE.step("$L", CodeBlock.join(dimensions, ", ")));
        }
        if (tensor.size() > 0) {
            info.add("$Z$L", RuntimeMembers.BYTES.step("$LL", tensor.size()));
        }
        return info.add("$Z$L", RuntimeMembers.BUILD_TENSOR.step("")).build();
    }
}
