package dev.tvmbind.processor.model;

import java.util.List;

/**
 * One {@code @EntryPoint} method.
 *
 * @param javaName the method name
 * @param function the C function name, the last part of the symbol
 * @param critical whether it links with {@code Linker.Option.critical(true)}
 * @param doc the first sentence of the method's javadoc, or empty
 * @param returnDoc the text of the javadoc's {@code @return} tag, or empty
 * @param returnType the Java return type
 * @param params the parameters, in declaration order
 * @param site the method, with its {@code @EntryPoint} annotation
 */
public record EntryPointSpec(
        String javaName,
        NamePart function,
        boolean critical,
        String doc,
        String returnDoc,
        JavaType returnType,
        List<ParamSpec> params,
        Site site) {

    public EntryPointSpec {
        params = List.copyOf(params);
    }

    /** How messages name it: {@code calibrate(int, float[])}, so that overloads differ. */
    public String signature() {
        return javaName + "(" + String.join(", ", params.stream().map(p -> p.type().javaName()).toList())
                + ")";
    }

    /** A tensor entry point is TVM's run function: its parameters play tensor roles. */
    public boolean isTensor() {
        return params.stream().anyMatch(p -> p.role().isTensor());
    }

    /** The roles of the run function's structs, in TVM's argument order (those it has). */
    public List<Role> structRoles() {
        return Role.RUN_ARGUMENT_ORDER.stream().filter(role -> !params(role).isEmpty()).toList();
    }

    /** The parameters of one role, in declaration order. */
    public List<ParamSpec> params(Role role) {
        return params.stream().filter(p -> p.role() == role).toList();
    }
}
