package dev.tvmbind.processor.generate.java;

import static dev.tvmbind.processor.generate.java.BindingTypes.DTYPE;
import static dev.tvmbind.processor.generate.java.BindingTypes.TENSOR_ARGUMENT;
import static javax.lang.model.element.Modifier.FINAL;
import static javax.lang.model.element.Modifier.PRIVATE;
import static javax.lang.model.element.Modifier.STATIC;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import dev.tvmbind.processor.generate.JavadocText;
import dev.tvmbind.processor.model.ParamSpec;
import dev.tvmbind.processor.model.Role;
import java.util.List;
import java.util.Map;

/** Writes one {@code TensorArgument} constant per tensor parameter: its description and checks. */
final class TensorConstants {
    private TensorConstants() {}

    private static final Map<Role, RuntimeMembers.Member> FACTORIES = Map.of(
            Role.INPUT, RuntimeMembers.INPUT, Role.OUTPUT, RuntimeMembers.OUTPUT,
            Role.WORKSPACE_POOL, RuntimeMembers.WORKSPACE_POOL, Role.DEVICE, RuntimeMembers.DEVICE);

    /** A tensor parameter: its {@code TensorInfo} and the checks of its argument. */
    static FieldSpec field(ParamSpec param, BindingNames names) {
        String role = param.role().displayName();
        return FieldSpec.builder(TENSOR_ARGUMENT, names.tensor(param), PRIVATE, STATIC, FINAL)
                .addJavadoc("$L <code>$L</code>, passed as {@code $L}.\n",
                        Character.toUpperCase(role.charAt(0)) + role.substring(1),
                        JavadocText.of(param.name().text()), param.javaName())
                .initializer(FACTORIES.get(param.role()).call("$Z$L,$W$S", tensorInfo(param),
                        param.javaName()))
                .build();
    }

    /**
     * {@code Descriptions.tensor("input_1").dtype(DType.INT8).shape(1, 49, 10, 1).bytes(490L)
     * .build()}: the facts the interface states, each named, in that order.
     */
    private static CodeBlock tensorInfo(ParamSpec param) {
        CodeBlock.Builder info = CodeBlock.builder().add(RuntimeMembers.NAMED.call("$S",
                param.name().text()));
        if (!param.cName().equals(param.name().text())) {
            info.add("$Z$L", RuntimeMembers.MEMBER.step("$S", param.cName()));
        }
        param.dtype().ifPresent(d -> info.add("$Z$L", RuntimeMembers.DTYPE.step("$T.$L", DTYPE,
                d.name())));
        if (!param.shape().isEmpty()) {
            // A dimension beyond int needs its L: the parameter is a long....
            List<CodeBlock> dimensions = param.shape().stream()
                    .map(d -> CodeBlock.of(d > Integer.MAX_VALUE ? "$LL" : "$L", d)).toList();
            info.add("$Z$L", RuntimeMembers.SHAPE.step("$L", CodeBlock.join(dimensions, ", ")));
        }
        if (param.size() > 0) {
            info.add("$Z$L", RuntimeMembers.BYTES.step("$LL", param.size()));
        }
        return info.add("$Z$L", RuntimeMembers.BUILD_TENSOR.step("")).build();
    }
}
