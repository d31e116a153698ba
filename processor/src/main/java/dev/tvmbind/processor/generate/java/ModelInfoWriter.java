package dev.tvmbind.processor.generate.java;

import static dev.tvmbind.processor.generate.java.BindingTypes.MODEL_INFO;
import static javax.lang.model.element.Modifier.FINAL;
import static javax.lang.model.element.Modifier.PUBLIC;
import static javax.lang.model.element.Modifier.STATIC;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.TypeName;
import dev.tvmbind.contract.EntryPointContract;
import dev.tvmbind.contract.ModelContract;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the binding's {@code INFO}: the model's contract, for run-time inspection and for the
 * runtime to hold against the record of what javac checked, built one named fact a line
 * ({@code .entryPoints(…)}, {@code .tensors(…)}) so that a reader of the binding sees what each
 * value is.
 */
final class ModelInfoWriter {
    private ModelInfoWriter() {}

    /** @param tensors the constant of each of the contract's tensors, in its order */
    static FieldSpec field(ModelContract model, List<String> tensors, TypeName iface) {
        CodeBlock.Builder info = CodeBlock.builder()
                .add(RuntimeMembers.MODEL_INFO_OF.call("$T.class,$W$S,$W$S", iface,
                        model.prefix(), model.name()))
                .indent().indent();
        List<CodeBlock> entryPoints = new ArrayList<>();
        for (EntryPointContract entryPoint : model.entryPoints()) {
            RuntimeMembers.Member kind = entryPoint.tensor() ? RuntimeMembers.RUN
                    : RuntimeMembers.ENTRY_POINT;
            entryPoints.add(kind.call("$S,$W$S", entryPoint.function(), entryPoint.signature()));
        }
        if (!entryPoints.isEmpty()) {
            // One call of many arguments: a chain of a thousand steps overflows javac's stack.
            // One a line, as the interface declares them.
            info.add("\n$L", RuntimeMembers.ENTRY_POINTS.step(entryPoints.size() == 1 ? "$L"
                    : "$>$>\n$L$<$<", CodeBlock.join(entryPoints, ",\n")));
        }
        if (!tensors.isEmpty()) {
            info.add("\n$L", RuntimeMembers.TENSORS.step("$L", CodeBlock.join(tensors.stream()
                    .map(t -> CodeBlock.of("$N", t)).toList(), ",$W")));
        }
        if (model.workspaceSize() != 0) {
            info.add("\n$L", RuntimeMembers.WORKSPACE_SIZE.step("$LL", model.workspaceSize()));
        }
        if (model.reentrant()) {
            info.add("\n$L", RuntimeMembers.REENTRANT.step(""));
        }
        if (model.checked()) {
            info.add("\n$L", RuntimeMembers.CHECKED.step(""));
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
