package dev.tvmbind.processor.generate.java;

import static dev.tvmbind.processor.generate.java.BindingTypes.TENSOR_ARGUMENT;
import static dev.tvmbind.processor.generate.java.BindingTypes.TENSOR_INFO;
import static javax.lang.model.element.Modifier.FINAL;
import static javax.lang.model.element.Modifier.PRIVATE;
import static javax.lang.model.element.Modifier.STATIC;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import dev.tvmbind.processor.model.DType;
import dev.tvmbind.processor.model.EntryPointSpec;
import dev.tvmbind.processor.model.ParamSpec;
import dev.tvmbind.processor.model.Role;
import java.util.List;
import java.util.Map;

/** Writes one {@code TensorArgument} constant per tensor parameter: its description and checks. */
final class TensorConstants {
    private TensorConstants() {}

    private static final Map<Role, String> FACTORIES = Map.of(Role.INPUT, "input",
            Role.OUTPUT, "output", Role.WORKSPACE_POOL, "workspacePool", Role.DEVICE, "device");

    /** A tensor parameter: its {@code TensorInfo} and the checks of its argument. */
    static FieldSpec field(EntryPointSpec run, ParamSpec param, BindingNames names) {
        String role = param.role().displayName();
        return FieldSpec.builder(TENSOR_ARGUMENT, names.tensor(param), PRIVATE, STATIC, FINAL)
                .addJavadoc("$L <code>$L</code> of {@link #$L}, passed as {@code $L}.\n",
                        Character.toUpperCase(role.charAt(0)) + role.substring(1),
                        Layouts.javadocText(param.name().text()), run.javaName(), param.javaName())
                .initializer("$T.$L($Z$L,$W$S)", TENSOR_ARGUMENT, FACTORIES.get(param.role()),
                        tensorInfo(param), param.javaName())
                .build();
    }

    private static CodeBlock tensorInfo(ParamSpec param) {
        // A dimension beyond int needs its L: the array is a long[].
        List<CodeBlock> dimensions = param.shape().stream()
                .map(d -> CodeBlock.of(d > Integer.MAX_VALUE ? "$LL" : "$L", d)).toList();
        return CodeBlock.of("new $T($S,$W$S,$W$S,$Wnew long[] {$L},$W$LL)", TENSOR_INFO,
                param.name().text(), param.cName(), param.dtype().map(DType::text).orElse(""),
                CodeBlock.join(dimensions, ", "), param.size());
    }
}
