package dev.tvmbind.processor.generate.java;

import static dev.tvmbind.processor.generate.java.BindingTypes.MODEL_INFO;
import static javax.lang.model.element.Modifier.FINAL;
import static javax.lang.model.element.Modifier.PUBLIC;
import static javax.lang.model.element.Modifier.STATIC;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.TypeName;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.ParamSpec;
import dev.tvmbind.processor.model.Role;
import java.util.List;
import java.util.Map;

/**
 * Writes the binding's {@code INFO}: the model as its interface describes it, for run-time
 * inspection, built one named fact a line ({@code .symbols(…)}, {@code .inputs(…)}) so that a
 * reader of the binding sees what each value is.
 */
final class ModelInfoWriter {
    private ModelInfoWriter() {}

    /** The step of {@code ModelInfo} that sets a role's tensors. */
    private static final Map<Role, RuntimeMembers.Member> STEPS = Map.of(
            Role.INPUT, RuntimeMembers.INPUTS, Role.OUTPUT, RuntimeMembers.OUTPUTS,
            Role.WORKSPACE_POOL, RuntimeMembers.WORKSPACE_POOLS, Role.DEVICE, RuntimeMembers.DEVICES);

    static FieldSpec field(ModelSpec model, BindingNames names, TypeName iface) {
        String prefix = model.prefix().text();
        String name = model.name().text();
        CodeBlock.Builder info = CodeBlock.builder()
                .add(RuntimeMembers.MODEL_INFO_OF.call("$T.class,$W$S,$W$S", iface, prefix, name))
                .indent().indent();
        List<CodeBlock> symbols = model.entryPoints().stream()
                .map(e -> CodeBlock.of("$N", names.symbol(e))).toList();
        if (!symbols.isEmpty()) {
            info.add("\n$L", RuntimeMembers.SYMBOLS.step("$L", CodeBlock.join(symbols, ",$W")));
        }
        model.tensorEntryPoint().ifPresent(run -> {
            info.add("\n$L", RuntimeMembers.RUN_SYMBOL.step("$N", names.symbol(run)));
            for (Role role : Role.RUN_ARGUMENT_ORDER) {
                List<ParamSpec> ofRole = run.params(role);
                if (!ofRole.isEmpty()) {
                    info.add("\n$L", STEPS.get(role).step("$L", CodeBlock.join(ofRole.stream()
                            .map(p -> RuntimeMembers.TENSOR.on(names.tensor(p), "")).toList(), ",$W")));
                }
            }
        });
        if (model.workspaceSize() != 0) {
            info.add("\n$L", RuntimeMembers.WORKSPACE_SIZE.step("$LL", model.workspaceSize()));
        }
        if (model.reentrant()) {
            info.add("\n$L", RuntimeMembers.REENTRANT.step(""));
        }
        info.add("\n$L", RuntimeMembers.BUILD_MODEL.step(""));
        return FieldSpec.builder(MODEL_INFO, BindingNames.INFO, PUBLIC, STATIC, FINAL)
                .addJavadoc("""
                        What the interface declares of the model: its C names, and each tensor's name,
                        dtype, shape and size in bytes, where the interface says them.
                        """)
                .initializer(info.unindent().unindent().build())
                .build();
    }
}
