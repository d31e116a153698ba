package dev.tvmbind.processor.generate.java;

import dev.tvmbind.processor.generate.c.Prototypes;
import dev.tvmbind.processor.generate.java.BindingWriter.Names;
import dev.tvmbind.processor.model.EntryPointSpec;
import dev.tvmbind.processor.model.JavaType;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.ParamSpec;
import dev.tvmbind.processor.model.Role;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes each entry point's method: checks that throw before any native call, arrays and
 * strings copied through the thread's scratch memory (never allocated per call, see
 * {@link Passing}), and one {@code invokeExact} with exact types.
 */
final class CallWriter {
    private final ModelSpec model;
    private final Names names;
    private final Imports imports;
    private final Set<String> reserved;

    CallWriter(ModelSpec model, Names names, Imports imports) {
        this.model = model;
        this.names = names;
        this.imports = imports;
        this.reserved = reservedNames(model, names);
    }

    /**
     * The names the methods' code means something else by: the classes it uses (and their
     * packages), the binding, the interface, the symbol constants. A parameter of one of these
     * names is renamed in the binding; messages still give the interface's name.
     */
    private static Set<String> reservedNames(ModelSpec model, Names names) {
        Set<String> reserved = Classes.names();
        reserved.add(names.binding());
        reserved.add(model.simpleNames().getFirst());
        model.entryPoints().forEach(e -> reserved.add(names.symbolConstant(e)));
        return reserved;
    }

    void method(JavaWriter out, EntryPointSpec entryPoint) {
        out.javadoc("Calls {@code " + Prototypes.of(model.cModel(), entryPoint).oneLine() + "}.")
                .line("@" + imports.name(Classes.OVERRIDE));
        Locals local = new Locals(reserved);
        List<String> parameters = new ArrayList<>();
        for (ParamSpec param : entryPoint.params()) {
            String variable = local.newName(param.javaName());
            local.variables.put(param, variable);
            parameters.add(FfmTypes.javaType(param.type(), imports) + " " + variable);
        }
        out.openMethod("public " + FfmTypes.javaType(entryPoint.returnType(), imports) + " "
                + entryPoint.javaName(), parameters);
        if (entryPoint.isTensor()) {
            tensorBody(out, entryPoint, local);
        } else {
            plainBody(out, entryPoint, local);
        }
        out.close();
    }

    /**
     * The method's variable names, free of clashes with the reserved names and with each other:
     * a taken name gets underscores appended. Parameters come first, so they keep their names
     * unless one is reserved.
     */
    private static final class Locals {
        final Set<String> taken;
        final Map<ParamSpec, String> variables = new IdentityHashMap<>();
        final Map<ParamSpec, String> offsets = new IdentityHashMap<>();
        final Map<ParamSpec, String> utf8 = new IdentityHashMap<>();

        Locals(Set<String> reserved) {
            taken = new HashSet<>(reserved);
        }

        String of(ParamSpec param) {
            return variables.get(param);
        }

        String newName(String suggestion) {
            String name = suggestion;
            while (!taken.add(name)) {
                name += "_";
            }
            return name;
        }
    }

    private void plainBody(JavaWriter out, EntryPointSpec entryPoint, Locals local) {
        String support = imports.name(Classes.BINDING_SUPPORT);
        List<ParamSpec> staged = new ArrayList<>();
        for (ParamSpec param : entryPoint.params()) {
            String name = local.of(param);
            if (param.type() == JavaType.STRING) {
                String bytes = local.newName(name + "Utf8");
                local.utf8.put(param, bytes);
                out.line("byte[] " + bytes + " = " + support + ".utf8(" + name + ", "
                        + JavaWriter.literal(param.javaName()) + ");");
            } else if (param.type() == JavaType.SEGMENT) {
                out.line(support + ".checkSegment(" + name + ", "
                        + JavaWriter.literal(param.javaName()) + ");");
            } else if (param.type().isArray()) {
                requireNonNull(out, param, name);
            }
            if (Passing.viaScratch(entryPoint, param)) {
                staged.add(param);
            }
        }
        String error = local.newName("e");
        boolean returns = entryPoint.returnType() != JavaType.VOID;
        if (staged.isEmpty()) {
            String call = invoke(entryPoint, arguments(entryPoint, local, null));
            out.open("try").line((returns ? "return " : "") + call + ";");
            out.reopen("catch (" + imports.name(Classes.THROWABLE) + " " + error + ")")
                    .line("throw " + support + ".rethrow(" + error + ");")
                    .close();
            return;
        }
        String scratch = local.newName("scratch");
        String memory = local.newName("memory");
        String address = local.newName("address");
        String result = local.newName("result");
        acquire(out, scratch);
        out.open("try");
        layOut(out, staged, local, memory, address, scratch, "0L");
        String layouts = imports.name(Classes.VALUE_LAYOUT);
        for (ParamSpec param : staged) {
            if (param.type() == JavaType.STRING) {
                String bytes = local.utf8.get(param);
                String at = local.offsets.get(param);
                out.line(imports.name(Classes.MEMORY_SEGMENT) + ".copy(" + bytes + ", 0, " + memory + ", "
                        + layouts + ".JAVA_BYTE, " + at + ", " + bytes + ".length);");
                out.line(memory + ".set(" + layouts + ".JAVA_BYTE, " + at + " + " + bytes
                        + ".length, (byte) 0);");
            } else {
                copyIn(out, param, local, memory);
            }
        }
        String call = invoke(entryPoint, arguments(entryPoint, local, address));
        out.line(returns ? FfmTypes.javaType(entryPoint.returnType(), imports) + " " + result + " = "
                + call + ";" : call + ";");
        staged.stream().filter(p -> p.type().isArray()).forEach(p -> copyOut(out, p, local, memory));
        if (returns) {
            out.line("return " + result + ";");
        }
        endCall(out, error, scratch);
    }

    /** A plain call's arguments: scratch addresses, heap segments of critical arrays, values. */
    private String arguments(EntryPointSpec entryPoint, Locals local, String address) {
        List<String> arguments = new ArrayList<>();
        for (ParamSpec param : entryPoint.params()) {
            String name = local.of(param);
            if (Passing.viaScratch(entryPoint, param)) {
                arguments.add(address + " + " + local.offsets.get(param));
            } else if (param.type().isArray()) {
                arguments.add(imports.name(Classes.MEMORY_SEGMENT) + ".ofArray(" + name + ")");
            } else {
                arguments.add(name);
            }
        }
        return String.join(", ", arguments);
    }

    private void tensorBody(JavaWriter out, EntryPointSpec entryPoint, Locals local) {
        String support = imports.name(Classes.BINDING_SUPPORT);
        List<ParamSpec> staged = new ArrayList<>();
        for (ParamSpec param : entryPoint.params()) {
            String name = local.of(param);
            String tensor = JavaWriter.literal(param.role().displayName()) + ", "
                    + JavaWriter.literal(param.name().text()) + ", " + JavaWriter.literal(param.javaName());
            if (param.type() == JavaType.SEGMENT) {
                out.line(support + ".checkTensor(" + tensor + ", " + name + ", " + param.size() + "L, "
                        + writes(param.role()) + ");");
            } else {
                requireNonNull(out, param, name);
                if (param.shape().isEmpty()) {
                    out.line(support + ".checkTensorArray(" + tensor + ", " + arrayBytes(name, param)
                            + ", " + param.size() + "L);");
                } else {
                    out.line(support + ".checkTensorShape(" + tensor + ", " + name + ".length, "
                            + param.elementCount() + "L, " + JavaWriter.literal(param.shape().toString())
                            + ");");
                }
                staged.add(param);
            }
        }
        String scratch = local.newName("scratch");
        String memory = local.newName("memory");
        String address = local.newName("address");
        String status = local.newName("status");
        String error = local.newName("e");
        acquire(out, scratch);
        out.line("int " + status + ";");
        out.open("try");
        layOut(out, staged, local, memory, address, scratch, 8L * entryPoint.params().size() + "L");
        // TVM's structs of pointers lie at the start of scratch memory, in argument order.
        String layouts = imports.name(Classes.VALUE_LAYOUT);
        List<String> arguments = new ArrayList<>();
        long offset = 0;
        for (Role role : Prototypes.runArguments(entryPoint)) {
            arguments.add(offset == 0 ? address : address + " + " + offset + "L");
            for (ParamSpec member : entryPoint.params(role)) {
                out.line(memory + ".set(" + layouts + (member.type() == JavaType.SEGMENT
                        ? ".ADDRESS, " + offset + "L, " + local.of(member)
                        : ".JAVA_LONG, " + offset + "L, " + address + " + " + local.offsets.get(member))
                        + ");");
                offset += 8;
            }
        }
        for (ParamSpec param : staged) {
            if (param.role() != Role.OUTPUT) {
                copyIn(out, param, local, memory);
            }
        }
        out.line(status + " = " + invoke(entryPoint, String.join(", ", arguments)) + ";");
        for (ParamSpec param : staged) {
            if (param.role() != Role.INPUT) {
                copyOut(out, param, local, memory);
            }
        }
        endCall(out, error, scratch);
        if (entryPoint.returnType() == JavaType.VOID) {
            out.open("if (" + status + " != 0)")
                    .line("throw new " + imports.name(Classes.TVM_EXCEPTION) + "("
                            + names.symbolConstant(entryPoint) + ", " + status + ");")
                    .close();
        } else {
            out.line("return " + status + ";");
        }
    }

    private void requireNonNull(JavaWriter out, ParamSpec param, String variable) {
        out.line(imports.name(Classes.OBJECTS) + ".requireNonNull(" + variable + ", "
                + JavaWriter.literal(param.javaName()) + ");");
    }

    private void acquire(JavaWriter out, String scratch) {
        out.line(imports.name(Classes.SCRATCH) + " " + scratch + " = " + names.binding() + "."
                + BindingWriter.SCRATCH_FIELD + ".acquire();");
    }

    /** Closes the call's {@code try}: a downcall's exception passes unchanged, the scratch is given back. */
    private void endCall(JavaWriter out, String error, String scratch) {
        out.reopen("catch (" + imports.name(Classes.THROWABLE) + " " + error + ")")
                .line("throw " + imports.name(Classes.BINDING_SUPPORT) + ".rethrow(" + error + ");")
                .reopen("finally")
                .line(scratch + ".release();")
                .close();
    }

    /**
     * Gives each staged parameter an 8-aligned place after {@code start}, then takes the memory
     * and its address.
     */
    private void layOut(JavaWriter out, List<ParamSpec> staged, Locals local, String memory,
            String address, String scratch, String start) {
        String end = start;
        for (ParamSpec param : staged) {
            String at = local.newName(local.of(param) + "At");
            local.offsets.put(param, at);
            out.line("long " + at + " = " + end + ";");
            end = at + " + " + imports.name(Classes.BINDING_SUPPORT) + ".align(" + stagedBytes(param, local) + ")";
        }
        out.line(imports.name(Classes.MEMORY_SEGMENT) + " " + memory + " = " + scratch + ".memory(" + end + ");");
        out.line("long " + address + " = " + memory + ".address();");
    }

    private static String stagedBytes(ParamSpec param, Locals local) {
        return param.type() == JavaType.STRING ? local.utf8.get(param) + ".length + 1L"
                : arrayBytes(local.of(param), param);
    }

    private void copyIn(JavaWriter out, ParamSpec param, Locals local, String memory) {
        String array = local.of(param);
        out.line(imports.name(Classes.MEMORY_SEGMENT) + ".copy(" + array + ", 0, " + memory + ", "
                + elementLayout(param) + ", " + local.offsets.get(param) + ", " + array + ".length);");
    }

    private void copyOut(JavaWriter out, ParamSpec param, Locals local, String memory) {
        String array = local.of(param);
        out.line(imports.name(Classes.MEMORY_SEGMENT) + ".copy(" + memory + ", " + elementLayout(param)
                + ", " + local.offsets.get(param) + ", " + array + ", 0, " + array + ".length);");
    }

    private String elementLayout(ParamSpec param) {
        return FfmTypes.layout(FfmTypes.elementOf(param.type()), imports);
    }

    private static String arrayBytes(String array, ParamSpec param) {
        return array + ".length * " + FfmTypes.elementBytes(param.type()) + "L";
    }

    /**
     * {@code (int) Binding.HANDLE_F.invokeExact(args)}: the cast makes the call site exact; the
     * class name keeps a parameter of the same name from hiding the field.
     */
    private String invoke(EntryPointSpec entryPoint, String arguments) {
        JavaType result = entryPoint.isTensor() ? JavaType.INT : entryPoint.returnType();
        String target = names.binding() + "." + names.handle(entryPoint) + ".invokeExact(" + arguments + ")";
        return result == JavaType.VOID ? target : "(" + FfmTypes.javaType(result, imports) + ") " + target;
    }

    private static boolean writes(Role role) {
        return role == Role.OUTPUT || role == Role.WORKSPACE_POOL;
    }
}
