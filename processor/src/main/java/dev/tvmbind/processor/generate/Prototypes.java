package dev.tvmbind.processor.generate;

import dev.tvmbind.processor.model.EntryPointSpec;
import dev.tvmbind.processor.model.ParamSpec;
import dev.tvmbind.processor.model.Role;
import dev.tvmbind.processor.naming.CNames;
import java.util.ArrayList;
import java.util.List;

/** The C declaration of an entry point, as the header declares it and the binding documents it. */
public final class Prototypes {
    private Prototypes() {}

    /** The declaration's parts: the result type and symbol, and each parameter declaration. */
    public record Parts(String head, List<String> parameters) {
        /** On one line: {@code int32_t tvmgen_m_add(int32_t a, int32_t b)}. */
        public String oneLine() {
            return head + "(" + (parameters.isEmpty() ? "void" : String.join(", ", parameters)) + ")";
        }
    }

    public static Parts of(String namespace, EntryPointSpec entryPoint) {
        String symbol = CNames.symbol(namespace, entryPoint.function().text());
        List<String> parameters = new ArrayList<>();
        if (entryPoint.isTensor()) {
            for (Role role : runArguments(entryPoint)) {
                parameters.add("struct " + CNames.struct(namespace, role.structSuffix()) + "* " + role.structSuffix());
            }
            return new Parts("int32_t " + symbol, parameters);
        }
        for (ParamSpec param : entryPoint.params()) {
            parameters.add(param.type().cType() + " " + param.cName());
        }
        return new Parts(entryPoint.returnType().cType() + " " + symbol, parameters);
    }

    /** The run function's struct arguments, in TVM's order: inputs, outputs, pools, devices. */
    public static List<Role> runArguments(EntryPointSpec run) {
        return Role.TENSOR_ROLES.stream()
                .filter(role -> !run.params(role).isEmpty())
                .toList();
    }
}
