package dev.tvmbind.processor.validate;

import dev.tvmbind.processor.model.CDeclarations;
import dev.tvmbind.processor.model.EntryPointSpec;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.ParamSpec;
import dev.tvmbind.processor.model.Site;
import java.util.ArrayList;
import java.util.List;

/**
 * Every file-scope identifier a model's header declares (its {@link CDeclarations}), each with
 * what declares it: the input to the uniqueness checks within a model and across the models of
 * a compilation.
 */
final class Declarations {
    private Declarations() {}

    /**
     * One declared identifier.
     *
     * @param identifier the C identifier
     * @param kind what it is: "function", "struct", "macro", "include guard"
     * @param owner what declares it, for messages
     * @param site where to report a clash
     * @param external whether it is a linker symbol
     */
    record Declared(String identifier, String kind, String owner, Site site, boolean external) {}

    static List<Declared> of(ModelSpec model) {
        CDeclarations c = CDeclarations.of(model);
        String modelOwner = "model " + model.qualifiedName();
        List<Declared> out = new ArrayList<>();
        out.add(new Declared(c.includeGuard(), "include guard", modelOwner, model.site(), false));
        // In declaration order: a clash is reported on what comes second.
        for (CDeclarations.Function function : c.functions()) {
            EntryPointSpec entryPoint = function.entryPoint();
            String owner = "entry point " + entryPoint.signature();
            out.add(new Declared(function.symbol(), "function", owner, entryPoint.function().site(),
                    true));
            if (!entryPoint.isTensor()) {
                continue;
            }
            for (CDeclarations.Struct struct : c.structs()) {
                out.add(new Declared(struct.tag(), "struct", owner, entryPoint.site(), false));
            }
            for (CDeclarations.SizeMacro macro : c.sizeMacros()) {
                ParamSpec tensor = macro.tensor();
                out.add(new Declared(macro.name(), "macro", tensor.role().displayName() + " '"
                        + tensor.name().text() + "'", tensor.name().site(), false));
            }
            c.workspaceSizeMacro().ifPresent(macro -> out.add(new Declared(macro, "macro",
                    modelOwner + " (its workspace size)", model.site(), false)));
        }
        return out;
    }
}
