package dev.tvmbind.processor.model;

import dev.tvmbind.contract.CNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The C names of a model's header, composed once from the model (TVM v0.18's
 * src/target/source/interface_c.cc, README's "What is generated"): what the header
 * writer declares, what the binding names, and what the validators check for clashes within the
 * model and across the models of a compilation.
 *
 * @param headerFile {@code <prefix>_<model>.h}
 * @param includeGuard {@code <PREFIX>_<MODEL>_H_}
 * @param functions each entry point's symbol, in declaration order
 * @param structs the tensor entry point's struct tags, in TVM's argument order; none without one
 * @param sizeMacros the size macro of each sized input and output, then of each sized pool
 * @param workspaceSizeMacro {@code <PREFIX>_<MODEL>_WORKSPACE_SIZE}, with a tensor entry point
 */
public record CDeclarations(String headerFile, String includeGuard, List<Function> functions,
        List<Struct> structs, List<SizeMacro> sizeMacros, Optional<String> workspaceSizeMacro) {

    /** An entry point's C function. */
    public record Function(EntryPointSpec entryPoint, String symbol) {}

    /** One struct of pointers of the run function. */
    public record Struct(Role role, String tag) {}

    /** The {@code #define} of a tensor's or pool's size in bytes. */
    public record SizeMacro(ParamSpec tensor, String name) {}

    public CDeclarations {
        functions = List.copyOf(functions);
        structs = List.copyOf(structs);
        sizeMacros = List.copyOf(sizeMacros);
    }

    public static CDeclarations of(ModelSpec model) {
        String namespace = model.namespace();
        List<Function> functions = model.entryPoints().stream()
                .map(e -> new Function(e, CNames.symbol(namespace, e.function().text()))).toList();
        List<Struct> structs = new ArrayList<>();
        List<SizeMacro> sizeMacros = new ArrayList<>();
        Optional<EntryPointSpec> run = model.tensorEntryPoint();
        run.ifPresent(r -> {
            r.structRoles().forEach(role -> structs.add(new Struct(role, structTag(namespace, role))));
            // As TVM's interface_c.cc writes them: the tensors' size macros (inputs, then outputs),
            // then the pools'.
            for (Role role : List.of(Role.INPUT, Role.OUTPUT, Role.WORKSPACE_POOL)) {
                r.params(role).stream().filter(p -> p.size() > 0)
                        .forEach(p -> sizeMacros.add(new SizeMacro(p, sizeMacro(namespace, p))));
            }
        });
        return new CDeclarations(CNames.headerFile(namespace), CNames.includeGuard(namespace),
                functions, structs, sizeMacros, run.map(r -> CNames.workspaceSizeMacro(namespace)));
    }

    /** The tag of a run function's struct of one role, also where the model has none (messages). */
    public static String structTag(String namespace, Role role) {
        return CNames.struct(namespace, role.tensorRole());
    }

    /** The size macro an input, output or pool has, or would have with a size. */
    public static String sizeMacro(String namespace, ParamSpec tensor) {
        return tensor.role() == Role.WORKSPACE_POOL ? CNames.poolSizeMacro(namespace, tensor.cName())
                : CNames.tensorSizeMacro(namespace, tensor.cName());
    }

    /** The symbol of one of the model's entry points. */
    public String symbol(EntryPointSpec entryPoint) {
        return functions.stream().filter(f -> f.entryPoint().equals(entryPoint)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("not an entry point of the model: "
                        + entryPoint.signature())).symbol();
    }

    /** The tag of the run function's struct of one role. */
    public String struct(Role role) {
        return structs.stream().filter(s -> s.role() == role).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no struct of " + role)).tag();
    }

    /** The size macro of a sized input, output or pool. */
    public Optional<String> sizeMacro(ParamSpec tensor) {
        return sizeMacros.stream().filter(m -> m.tensor().equals(tensor)).findFirst()
                .map(SizeMacro::name);
    }
}
