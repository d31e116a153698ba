package dev.tvmbind.processor.generate.c;

import dev.tvmbind.check.tvm.HeaderStyle;
import dev.tvmbind.processor.generate.Prototypes;
import dev.tvmbind.processor.model.CDeclarations;
import dev.tvmbind.processor.model.EntryPointSpec;
import dev.tvmbind.processor.model.JavaType;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.ParamSpec;
import dev.tvmbind.processor.model.Role;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Writes a model's C header. For a tensor entry point the text is what TVM v0.18's C interface
 * generator ({@code src/target/source/interface_c.cc}) writes for the same model, trailing spaces
 * of its doc comments included; plain entry points add their prototypes after it. To compare it
 * with an older TVM's header, it can also be written in that release's {@link HeaderStyle}.
 */
public final class HeaderWriter {
    private HeaderWriter() {}

    /** The header as the TVM release of {@code style} would write it, to compare it with TVM's. */
    public static String write(ModelSpec model, HeaderStyle style) {
        return write(model, CDeclarations.of(model), style);
    }

    /** @param declarations the model's C names, which this lays out */
    public static String write(ModelSpec model, CDeclarations declarations, HeaderStyle style) {
        String module = model.name().text();
        String guard = declarations.includeGuard();
        StringBuilder out = new StringBuilder();
        out.append("#ifndef ").append(guard).append('\n');
        out.append("#define ").append(guard).append('\n');
        out.append("#include <stdint.h>\n");
        if (usesBool(model)) {
            out.append("#include <stdbool.h>\n");
        }
        out.append("\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n");
        model.tensorEntryPoint().ifPresent(run -> writeTensorPart(out, declarations, module, run,
                model.workspaceSize(), style));
        for (EntryPointSpec entryPoint : model.entryPoints()) {
            if (!entryPoint.isTensor()) {
                writePrototype(out, declarations, module, entryPoint);
            }
        }
        out.append("\n#ifdef __cplusplus\n}\n#endif\n\n");
        out.append("#endif // ").append(guard).append('\n');
        return out.toString();
    }

    private static void writeTensorPart(StringBuilder out, CDeclarations declarations, String module,
            EntryPointSpec run, long workspace, HeaderStyle style) {
        if (style.tensorSizeMacros()) {
            for (ParamSpec tensor : sizeMacroOrder(run, style)) {
                String kind = tensor.role() == Role.INPUT ? "Input" : "Output";
                brief(out, kind + " tensor " + tensor.cName() + " size (in bytes)", module);
                define(out, declarations.sizeMacro(tensor).orElseThrow(), tensor.size());
            }
        }
        for (Role role : Role.STRUCT_DECLARATION_ORDER) {
            List<ParamSpec> members = run.params(role);
            if (members.isEmpty()) {
                continue;
            }
            brief(out, role.structBrief(), module);
            out.append("struct ").append(declarations.struct(role)).append(" {\n");
            for (ParamSpec member : members) {
                out.append("  void* ").append(member.cName()).append(";\n");
            }
            out.append("};\n\n");
        }

        out.append("/*!\n * \\brief entrypoint function for TVM module \"").append(module)
                .append("\"\n");
        for (Role role : run.structRoles()) {
            out.append(" * \\param ").append(role.structSuffix()).append(' ')
                    .append(role.paramDoc()).append(" \n");
        }
        Prototypes.Parts prototype = Prototypes.of(declarations, run);
        out.append(" */\n").append(prototype.head()).append("(\n  ")
                .append(String.join(",\n  ", prototype.parameters())).append("\n);\n");

        if (style.workspaceSizeMacro()) {
            brief(out, "Workspace size", module);
            define(out, declarations.workspaceSizeMacro().orElseThrow(), workspace);
        }
        for (ParamSpec pool : run.params(Role.WORKSPACE_POOL)) {
            declarations.sizeMacro(pool).ifPresent(macro -> {
                brief(out, pool.cName() + " size", module);
                define(out, macro, pool.size());
            });
        }
    }

    /** The sized inputs, then outputs: in the style's order where it has one, else declared. */
    private static List<ParamSpec> sizeMacroOrder(EntryPointSpec run, HeaderStyle style) {
        List<ParamSpec> sized = new ArrayList<>();
        // TVM writes the inputs' size macros, then the outputs'
        for (Role role : List.of(Role.INPUT, Role.OUTPUT)) {
            List<ParamSpec> tensors = new ArrayList<>(run.params(role).stream()
                    .filter(t -> t.size() > 0).toList());
            style.sizeMacroOrder().ifPresent(order -> tensors.sort(Comparator.comparingInt(t -> {
                int at = order.indexOf(t.cName());
                return at < 0 ? Integer.MAX_VALUE : at;
            })));
            sized.addAll(tensors);
        }
        return sized;
    }

    private static void writePrototype(
            StringBuilder out, CDeclarations declarations, String module, EntryPointSpec entryPoint) {
        String summary = CommentText.of(entryPoint.doc());
        out.append("/*!\n * \\brief ").append(summary.isEmpty()
                ? "Function " + entryPoint.function().text() + " of TVM module \"" + module + "\""
                : summary).append('\n');
        for (ParamSpec param : entryPoint.params()) {
            String doc = CommentText.of(param.doc());
            out.append(" * \\param ").append(param.cName())
                    .append(doc.isEmpty() ? "" : " " + doc).append('\n');
        }
        String returns = CommentText.of(entryPoint.returnDoc());
        if (!returns.isEmpty() && entryPoint.returnType() != JavaType.VOID) {
            out.append(" * \\return ").append(returns).append('\n');
        }
        out.append(" */\n").append(Prototypes.of(declarations, entryPoint).oneLine()).append(";\n");
    }

    private static boolean usesBool(ModelSpec model) {
        return model.entryPoints().stream().anyMatch(e -> e.returnType() == JavaType.BOOLEAN
                || e.params().stream().anyMatch(p -> p.type() == JavaType.BOOLEAN));
    }

    private static void brief(StringBuilder out, String description, String module) {
        out.append("/*!\n * \\brief ").append(description).append(" for TVM module \"")
                .append(module).append("\" \n */\n");
    }

    private static void define(StringBuilder out, String macro, long value) {
        out.append("#define ").append(macro).append(' ').append(value).append('\n');
    }
}
