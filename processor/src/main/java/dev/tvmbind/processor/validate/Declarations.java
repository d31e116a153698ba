package dev.tvmbind.processor.validate;

import dev.tvmbind.processor.model.EntryPointSpec;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.ParamSpec;
import dev.tvmbind.processor.model.Role;
import dev.tvmbind.processor.model.Site;
import dev.tvmbind.processor.naming.CNames;
import java.util.ArrayList;
import java.util.List;

/**
 * Every file-scope identifier a model's header declares (functions, struct tags, macros, the
 * include guard), in the order the model declares them, with what declares each: the input to
 * the uniqueness checks within a model and across the models of a compilation.
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
        String namespace = model.namespace();
        String modelOwner = "model " + model.qualifiedName();
        List<Declared> out = new ArrayList<>();
        out.add(new Declared(CNames.includeGuard(namespace), "include guard", modelOwner, model.site(),
                false));
        for (EntryPointSpec entryPoint : model.entryPoints()) {
            String owner = "entry point " + entryPoint.signature();
            out.add(new Declared(CNames.symbol(namespace, entryPoint.function().text()), "function",
                    owner, entryPoint.function().site(), true));
            if (entryPoint.isTensor()) {
                addTensorDeclarations(namespace, entryPoint, owner, out);
                out.add(new Declared(CNames.workspaceSizeMacro(namespace), "macro",
                        modelOwner + " (its workspace size)", model.site(), false));
            }
        }
        return out;
    }

    private static void addTensorDeclarations(
            String namespace, EntryPointSpec entryPoint, String owner, List<Declared> out) {
        for (Role role : Role.TENSOR_ROLES) {
            if (!entryPoint.params(role).isEmpty()) {
                out.add(new Declared(CNames.struct(namespace, role.structSuffix()), "struct", owner,
                        entryPoint.site(), false));
            }
        }
        for (ParamSpec param : entryPoint.params()) {
            if (param.size() == 0) {
                continue;
            }
            String tensor = param.role().displayName() + " '" + param.name().text() + "'";
            switch (param.role()) {
                case INPUT, OUTPUT -> out.add(new Declared(
                        CNames.tensorSizeMacro(namespace, param.cName()), "macro", tensor,
                        param.name().site(), false));
                case WORKSPACE_POOL -> out.add(new Declared(
                        CNames.poolSizeMacro(namespace, param.cName()), "macro", tensor,
                        param.name().site(), false));
                case DEVICE, PLAIN -> { }
            }
        }
    }
}
