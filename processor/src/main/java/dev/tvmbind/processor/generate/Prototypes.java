package dev.tvmbind.processor.generate;

import dev.tvmbind.processor.model.CDeclarations;
import dev.tvmbind.processor.model.EntryPointSpec;
import dev.tvmbind.processor.model.ParamSpec;
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

    public static Parts of(CDeclarations declarations, EntryPointSpec entryPoint) {
        String symbol = declarations.symbol(entryPoint);
        List<String> parameters = new ArrayList<>();
        if (entryPoint.isTensor()) {
            for (CDeclarations.Struct struct : declarations.structs()) {
                parameters.add("struct " + struct.tag() + "* " + struct.role().structSuffix());
            }
            return new Parts("int32_t " + symbol, parameters);
        }
        for (ParamSpec param : entryPoint.params()) {
            parameters.add(param.type().cType() + " " + param.cName());
        }
        return new Parts(entryPoint.returnType().cType() + " " + symbol, parameters);
    }
}
