package dev.tvmbind.processor.generate.java;

import static dev.tvmbind.processor.generate.java.BindingWriter.BINDING_SUPPORT;
import static dev.tvmbind.processor.generate.java.BindingWriter.SCRATCH;
import static dev.tvmbind.processor.generate.java.BindingWriter.TVM_EXCEPTION;
import static dev.tvmbind.processor.generate.java.FfmTypes.MEMORY_SEGMENT;
import static dev.tvmbind.processor.generate.java.FfmTypes.VALUE_LAYOUT;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import dev.tvmbind.processor.generate.c.Prototypes;
import dev.tvmbind.processor.generate.java.BindingWriter.Names;
import dev.tvmbind.processor.model.EntryPointSpec;
import dev.tvmbind.processor.model.JavaType;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.ParamSpec;
import dev.tvmbind.processor.model.Role;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * Writes the body of each entry point: checks that throw before any native call, arrays and
 * strings copied through the thread's scratch memory (never allocated per call, see
 * {@link Passing}), and one {@code invokeExact} with exact types.
 */
final class CallWriter {
    private static final ClassName OBJECTS = ClassName.get("java.util", "Objects");

    private final ModelSpec model;
    private final Names names;

    CallWriter(ModelSpec model, Names names) {
        this.model = model;
        this.names = names;
    }

    MethodSpec method(EntryPointSpec entryPoint) {
        MethodSpec.Builder method = MethodSpec.methodBuilder(entryPoint.javaName())
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(FfmTypes.javaType(entryPoint.returnType()))
                .addJavadoc("Calls {@code $L}.\n", Prototypes.of(model.cModel(), entryPoint).oneLine());
        Locals local = new Locals();
        for (ParamSpec param : entryPoint.params()) {
            method.addParameter(FfmTypes.javaType(param.type()), local.names.newName(param.javaName(), param.javaName()));
        }
        method.addCode(entryPoint.isTensor() ? tensorBody(entryPoint, local) : plainBody(entryPoint, local));
        return method.build();
    }

    /** The method's local names, free of clashes with its parameters. */
    private static final class Locals {
        final NameAllocator names = new NameAllocator();
        final Map<ParamSpec, String> offsets = new IdentityHashMap<>();
        final Map<ParamSpec, String> utf8 = new IdentityHashMap<>();

        /** A parameter's name, tagged by its Java name: unique in its method, cheap to hash. */
        String of(ParamSpec param) {
            return names.get(param.javaName());
        }
    }

    private CodeBlock plainBody(EntryPointSpec entryPoint, Locals local) {
        CodeBlock.Builder code = CodeBlock.builder();
        List<ParamSpec> staged = new ArrayList<>();
        for (ParamSpec param : entryPoint.params()) {
            String name = local.of(param);
            if (param.type() == JavaType.STRING) {
                String bytes = local.names.newName(name + "Utf8");
                local.utf8.put(param, bytes);
                code.addStatement("byte[] $N = $T.utf8($N, $S)", bytes, BINDING_SUPPORT, name, name);
            } else if (param.type().isArray() || param.type() == JavaType.SEGMENT) {
                code.addStatement("$T.requireNonNull($N, $S)", OBJECTS, name, name);
            }
            if (Passing.viaScratch(entryPoint, param)) {
                staged.add(param);
            }
        }
        String error = local.names.newName("e");
        if (staged.isEmpty()) {
            CodeBlock call = invoke(entryPoint, arguments(entryPoint, local, null));
            code.beginControlFlow("try");
            code.addStatement(entryPoint.returnType() == JavaType.VOID ? "$L" : "return $L", call);
            return code.nextControlFlow("catch ($T $N)", Throwable.class, error)
                    .addStatement("throw $T.rethrow($N)", BINDING_SUPPORT, error)
                    .endControlFlow()
                    .build();
        }
        String scratch = local.names.newName("scratch");
        String memory = local.names.newName("memory");
        String address = local.names.newName("address");
        String result = local.names.newName("result");
        code.addStatement("$T $N = $T.$N.acquire()", SCRATCH, scratch, names.binding(),
                BindingWriter.SCRATCH_FIELD);
        code.beginControlFlow("try");
        layOut(code, staged, local, memory, address, scratch, CodeBlock.of("0L"));
        for (ParamSpec param : staged) {
            if (param.type() == JavaType.STRING) {
                String bytes = local.utf8.get(param);
                String at = local.offsets.get(param);
                code.addStatement("$T.copy($N, 0, $N, $T.JAVA_BYTE, $N, $N.length)", MEMORY_SEGMENT,
                        bytes, memory, VALUE_LAYOUT, at, bytes);
                code.addStatement("$N.set($T.JAVA_BYTE, $N + $N.length, (byte) 0)", memory, VALUE_LAYOUT,
                        at, bytes);
            } else {
                copyIn(code, param, local, memory);
            }
        }
        CodeBlock call = invoke(entryPoint, arguments(entryPoint, local, address));
        boolean returns = entryPoint.returnType() != JavaType.VOID;
        if (returns) {
            code.addStatement("$T $N = $L", FfmTypes.javaType(entryPoint.returnType()), result, call);
        } else {
            code.addStatement("$L", call);
        }
        staged.stream().filter(p -> p.type().isArray()).forEach(p -> copyOut(code, p, local, memory));
        if (returns) {
            code.addStatement("return $N", result);
        }
        endCall(code, error, scratch);
        return code.build();
    }

    /** A plain call's arguments: scratch addresses, heap segments of critical arrays, values. */
    private static CodeBlock arguments(EntryPointSpec entryPoint, Locals local, String address) {
        List<CodeBlock> arguments = new ArrayList<>();
        for (ParamSpec param : entryPoint.params()) {
            String name = local.of(param);
            if (Passing.viaScratch(entryPoint, param)) {
                arguments.add(CodeBlock.of("$N + $N", address, local.offsets.get(param)));
            } else if (param.type().isArray()) {
                arguments.add(CodeBlock.of("$T.ofArray($N)", MEMORY_SEGMENT, name));
            } else {
                arguments.add(CodeBlock.of("$N", name));
            }
        }
        return CodeBlock.join(arguments, ", ");
    }

    private CodeBlock tensorBody(EntryPointSpec entryPoint, Locals local) {
        CodeBlock.Builder code = CodeBlock.builder();
        List<ParamSpec> staged = new ArrayList<>();
        for (ParamSpec param : entryPoint.params()) {
            String name = local.of(param);
            String role = param.role().displayName();
            if (param.type() == JavaType.SEGMENT) {
                code.addStatement("$T.checkTensor($S, $S, $S, $N, $LL, $L)", BINDING_SUPPORT, role,
                        param.name().text(), name, name, param.size(), writes(param.role()));
            } else {
                code.addStatement("$T.requireNonNull($N, $S)", OBJECTS, name, name);
                code.addStatement("$T.checkTensorArray($S, $S, $S, $L, $LL)", BINDING_SUPPORT, role,
                        param.name().text(), name, arrayBytes(param, name), param.size());
                staged.add(param);
            }
        }
        String scratch = local.names.newName("scratch");
        String memory = local.names.newName("memory");
        String address = local.names.newName("address");
        String status = local.names.newName("status");
        String error = local.names.newName("e");
        code.addStatement("$T $N = $T.$N.acquire()", SCRATCH, scratch, names.binding(),
                BindingWriter.SCRATCH_FIELD);
        code.addStatement("int $N", status);
        code.beginControlFlow("try");
        layOut(code, staged, local, memory, address, scratch,
                CodeBlock.of("$LL", 8L * entryPoint.params().size()));
        // TVM's structs of pointers lie at the start of scratch memory, in argument order.
        List<CodeBlock> arguments = new ArrayList<>();
        long offset = 0;
        for (Role role : Prototypes.runArguments(entryPoint)) {
            arguments.add(offset == 0 ? CodeBlock.of("$N", address)
                    : CodeBlock.of("$N + $LL", address, offset));
            for (ParamSpec member : entryPoint.params(role)) {
                String name = local.of(member);
                if (member.type() == JavaType.SEGMENT) {
                    code.addStatement("$N.set($T.ADDRESS, $LL, $N)", memory, VALUE_LAYOUT, offset, name);
                } else {
                    code.addStatement("$N.set($T.JAVA_LONG, $LL, $N + $N)", memory, VALUE_LAYOUT, offset,
                            address, local.offsets.get(member));
                }
                offset += 8;
            }
        }
        for (ParamSpec param : staged) {
            if (param.role() != Role.OUTPUT) {
                copyIn(code, param, local, memory);
            }
        }
        code.addStatement("$N = $L", status, invoke(entryPoint, CodeBlock.join(arguments, ", ")));
        for (ParamSpec param : staged) {
            if (param.role() != Role.INPUT) {
                copyOut(code, param, local, memory);
            }
        }
        endCall(code, error, scratch);
        if (entryPoint.returnType() == JavaType.VOID) {
            code.beginControlFlow("if ($N != 0)", status)
                    .addStatement("throw new $T($N, $N)", TVM_EXCEPTION, names.symbolConstant(entryPoint),
                            status)
                    .endControlFlow();
        } else {
            code.addStatement("return $N", status);
        }
        return code.build();
    }

    /** Closes the call's {@code try}: a downcall's exception passes unchanged, the scratch is given back. */
    private static void endCall(CodeBlock.Builder code, String error, String scratch) {
        code.nextControlFlow("catch ($T $N)", Throwable.class, error)
                .addStatement("throw $T.rethrow($N)", BINDING_SUPPORT, error)
                .nextControlFlow("finally")
                .addStatement("$N.release()", scratch)
                .endControlFlow();
    }

    /**
     * Gives each staged parameter an 8-aligned place after {@code start}, then takes the memory
     * and its address.
     */
    private static void layOut(CodeBlock.Builder code, List<ParamSpec> staged, Locals local,
            String memory, String address, String scratch, CodeBlock start) {
        CodeBlock end = start;
        for (ParamSpec param : staged) {
            String at = local.names.newName(local.of(param) + "At");
            local.offsets.put(param, at);
            code.addStatement("long $N = $L", at, end);
            end = CodeBlock.of("$N + $T.align($L)", at, BINDING_SUPPORT, stagedBytes(param, local));
        }
        code.addStatement("$T $N = $N.memory($L)", MEMORY_SEGMENT, memory, scratch, end);
        code.addStatement("long $N = $N.address()", address, memory);
    }

    private static CodeBlock stagedBytes(ParamSpec param, Locals local) {
        return param.type() == JavaType.STRING
                ? CodeBlock.of("$N.length + 1L", local.utf8.get(param))
                : arrayBytes(param, local.of(param));
    }

    private static void copyIn(CodeBlock.Builder code, ParamSpec param, Locals local, String memory) {
        String array = local.of(param);
        code.addStatement("$T.copy($N, 0, $N, $L, $N, $N.length)", MEMORY_SEGMENT, array, memory,
                elementLayout(param), local.offsets.get(param), array);
    }

    private static void copyOut(CodeBlock.Builder code, ParamSpec param, Locals local, String memory) {
        String array = local.of(param);
        code.addStatement("$T.copy($N, $L, $N, $N, 0, $N.length)", MEMORY_SEGMENT, memory,
                elementLayout(param), local.offsets.get(param), array, array);
    }

    private static CodeBlock elementLayout(ParamSpec param) {
        return FfmTypes.layout(FfmTypes.elementOf(param.type()));
    }

    private static CodeBlock arrayBytes(ParamSpec param, String name) {
        return CodeBlock.of("$N.length * $LL", name, FfmTypes.elementBytes(param.type()));
    }

    /**
     * {@code (int) Binding.HANDLE_F.invokeExact(args)}: the cast makes the call site exact; the
     * class name keeps a parameter of the same name from hiding the field.
     */
    private CodeBlock invoke(EntryPointSpec entryPoint, CodeBlock arguments) {
        JavaType result = entryPoint.isTensor() ? JavaType.INT : entryPoint.returnType();
        CodeBlock target = CodeBlock.of("$T.$N.invokeExact($L)", names.binding(), names.handle(entryPoint),
                arguments);
        return result == JavaType.VOID ? target
                : CodeBlock.of("($T) $L", FfmTypes.javaType(result), target);
    }

    private static boolean writes(Role role) {
        return role == Role.OUTPUT || role == Role.WORKSPACE_POOL;
    }
}
