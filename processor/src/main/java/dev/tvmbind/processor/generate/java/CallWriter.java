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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * Writes the body of each entry point: checks that throw before any native call, arrays and
 * strings copied through the thread's scratch memory (never allocated per call), and one
 * {@code invokeExact} with exact types.
 */
final class CallWriter {
    private static final ClassName OBJECTS = ClassName.get("java.util", "Objects");

    private final ModelSpec model;
    private final String handles;
    private final Names names;

    CallWriter(ModelSpec model, String handles, Names names) {
        this.model = model;
        this.handles = handles;
        this.names = names;
    }

    MethodSpec method(EntryPointSpec entryPoint) {
        MethodSpec.Builder method = MethodSpec.methodBuilder(entryPoint.javaName())
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(FfmTypes.javaType(entryPoint.returnType()))
                .addJavadoc("Calls {@code $L}.\n", Prototypes.of(model.cModel(), entryPoint).oneLine());
        NameAllocator local = new NameAllocator();
        for (ParamSpec param : entryPoint.params()) {
            method.addParameter(FfmTypes.javaType(param.type()), local.newName(param.javaName(), param));
        }
        method.addCode(entryPoint.isTensor() ? tensorBody(entryPoint, local) : plainBody(entryPoint, local));
        return method.build();
    }

    /** A parameter that lives in scratch memory during the call: its offset and native copy. */
    private record Staged(ParamSpec param, String offset, String copy, CodeBlock bytes) {}

    private CodeBlock plainBody(EntryPointSpec entryPoint, NameAllocator local) {
        CodeBlock.Builder code = CodeBlock.builder();
        Map<ParamSpec, String> utf8 = new LinkedHashMap<>();
        List<Staged> staged = new ArrayList<>();
        for (ParamSpec param : entryPoint.params()) {
            String name = local.get(param);
            if (param.type() == JavaType.STRING) {
                String bytes = local.newName(name + "Utf8");
                utf8.put(param, bytes);
                code.addStatement("byte[] $N = $T.utf8($N, $S)", bytes, BINDING_SUPPORT, name, name);
                staged.add(new Staged(param, local.newName(name + "At"), local.newName(name + "Native"),
                        CodeBlock.of("$N.length + 1L", bytes)));
            } else if (param.type().isArray() || param.type() == JavaType.SEGMENT) {
                code.addStatement("$T.requireNonNull($N, $S)", OBJECTS, name, name);
                if (param.type().isArray() && !entryPoint.critical()) {
                    staged.add(new Staged(param, local.newName(name + "At"),
                            local.newName(name + "Native"), arrayBytes(param, name)));
                }
            }
        }
        List<CodeBlock> arguments = new ArrayList<>();
        for (ParamSpec param : entryPoint.params()) {
            String name = local.get(param);
            String copy = staged.stream().filter(s -> s.param() == param).map(Staged::copy)
                    .findFirst().orElse(null);
            if (copy != null) {
                arguments.add(CodeBlock.of("$N", copy));
            } else if (param.type().isArray()) {
                arguments.add(CodeBlock.of("$T.ofArray($N)", MEMORY_SEGMENT, name));
            } else {
                arguments.add(CodeBlock.of("$N", name));
            }
        }
        CodeBlock call = invoke(entryPoint, CodeBlock.join(arguments, ", "));
        String error = local.newName("e");
        if (staged.isEmpty()) {
            code.beginControlFlow("try");
            code.addStatement(entryPoint.returnType() == JavaType.VOID ? "$L" : "return $L", call);
            return code.nextControlFlow("catch ($T $N)", Throwable.class, error)
                    .addStatement("throw $T.rethrow($N)", BINDING_SUPPORT, error)
                    .endControlFlow()
                    .build();
        }
        String scratch = local.newName("scratch");
        String memory = local.newName("memory");
        String result = local.newName("result");
        code.addStatement("$T $N = $N.$N().acquire()", SCRATCH, scratch, handles, names.scratchPool());
        code.beginControlFlow("try");
        layOut(code, staged, memory, scratch, CodeBlock.of("0L"));
        for (Staged s : staged) {
            String name = local.get(s.param());
            if (s.param().type() == JavaType.STRING) {
                String bytes = utf8.get(s.param());
                code.addStatement("$T.copy($N, 0, $N, $T.JAVA_BYTE, 0L, $N.length)", MEMORY_SEGMENT,
                        bytes, s.copy(), VALUE_LAYOUT, bytes);
                code.addStatement("$N.set($T.JAVA_BYTE, $N.length, (byte) 0)", s.copy(), VALUE_LAYOUT,
                        bytes);
            } else {
                copyIn(code, s, name);
            }
        }
        boolean returns = entryPoint.returnType() != JavaType.VOID;
        if (returns) {
            code.addStatement("$T $N = $L", FfmTypes.javaType(entryPoint.returnType()), result, call);
        } else {
            code.addStatement("$L", call);
        }
        staged.stream().filter(s -> s.param().type().isArray())
                .forEach(s -> copyOut(code, s, local.get(s.param())));
        if (returns) {
            code.addStatement("return $N", result);
        }
        return code.nextControlFlow("catch ($T $N)", Throwable.class, error)
                .addStatement("throw $T.rethrow($N)", BINDING_SUPPORT, error)
                .nextControlFlow("finally")
                .addStatement("$N.release()", scratch)
                .endControlFlow()
                .build();
    }

    private CodeBlock tensorBody(EntryPointSpec entryPoint, NameAllocator local) {
        CodeBlock.Builder code = CodeBlock.builder();
        List<Role> structs = Prototypes.runArguments(entryPoint);
        List<Staged> staged = new ArrayList<>();
        for (ParamSpec param : entryPoint.params()) {
            String name = local.get(param);
            String role = param.role().displayName();
            if (param.type() == JavaType.SEGMENT) {
                code.addStatement("$T.checkTensor($S, $S, $S, $N, $LL, $L)", BINDING_SUPPORT, role,
                        param.name().text(), name, name, param.size(), writes(param.role()));
            } else {
                CodeBlock bytes = arrayBytes(param, name);
                code.addStatement("$T.requireNonNull($N, $S)", OBJECTS, name, name);
                code.addStatement("$T.checkTensorArray($S, $S, $S, $L, $LL)", BINDING_SUPPORT, role,
                        param.name().text(), name, bytes, param.size());
                staged.add(new Staged(param, local.newName(name + "At"), local.newName(name + "Native"),
                        bytes));
            }
        }
        String scratch = local.newName("scratch");
        String memory = local.newName("memory");
        String status = local.newName("status");
        String error = local.newName("e");
        code.addStatement("$T $N = $N.$N().acquire()", SCRATCH, scratch, handles, names.scratchPool());
        code.addStatement("int $N", status);
        code.beginControlFlow("try");
        long pointerBytes = 8L * entryPoint.params().size();
        layOut(code, staged, memory, scratch, CodeBlock.of("$LL", pointerBytes));
        // The structs lie at the start of scratch memory, one after the other in argument order.
        Map<Role, Long> structOffsets = new LinkedHashMap<>();
        long offset = 0;
        for (Role role : structs) {
            structOffsets.put(role, offset);
            List<ParamSpec> members = entryPoint.params(role);
            for (int i = 0; i < members.size(); i++) {
                ParamSpec member = members.get(i);
                String name = local.get(member);
                String value = staged.stream().filter(s -> s.param() == member).map(Staged::copy)
                        .findFirst().orElse(name);
                code.addStatement("$N.set($T.ADDRESS, $LL, $N)", memory, VALUE_LAYOUT, offset + 8L * i,
                        value);
            }
            offset += 8L * members.size();
        }
        for (Staged s : staged) {
            if (s.param().role() != Role.OUTPUT) {
                copyIn(code, s, local.get(s.param()));
            }
        }
        List<CodeBlock> arguments = new ArrayList<>();
        for (Role role : structs) {
            long at = structOffsets.get(role);
            arguments.add(at == 0 ? CodeBlock.of("$N", memory)
                    : CodeBlock.of("$N.asSlice($LL)", memory, at));
        }
        code.addStatement("$N = $L", status, invoke(entryPoint, CodeBlock.join(arguments, ", ")));
        for (Staged s : staged) {
            if (s.param().role() != Role.INPUT) {
                copyOut(code, s, local.get(s.param()));
            }
        }
        code.nextControlFlow("catch ($T $N)", Throwable.class, error)
                .addStatement("throw $T.rethrow($N)", BINDING_SUPPORT, error)
                .nextControlFlow("finally")
                .addStatement("$N.release()", scratch)
                .endControlFlow();
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

    /** Gives each staged parameter an 8-aligned place after {@code start}, then gets the memory. */
    private static void layOut(CodeBlock.Builder code, List<Staged> staged, String memory,
            String scratch, CodeBlock start) {
        CodeBlock end = start;
        for (Staged s : staged) {
            code.addStatement("long $N = $L", s.offset(), end);
            end = CodeBlock.of("$N + $T.align($L)", s.offset(), BINDING_SUPPORT, s.bytes());
        }
        code.addStatement("$T $N = $N.memory($L)", MEMORY_SEGMENT, memory, scratch, end);
        for (Staged s : staged) {
            code.addStatement("$T $N = $N.asSlice($N, $L)", MEMORY_SEGMENT, s.copy(), memory, s.offset(),
                    s.bytes());
        }
    }

    private static void copyIn(CodeBlock.Builder code, Staged s, String array) {
        code.addStatement("$T.copy($N, 0, $N, $L, 0L, $N.length)", MEMORY_SEGMENT, array, s.copy(),
                elementLayout(s.param()), array);
    }

    private static void copyOut(CodeBlock.Builder code, Staged s, String array) {
        code.addStatement("$T.copy($N, $L, 0L, $N, 0, $N.length)", MEMORY_SEGMENT, s.copy(),
                elementLayout(s.param()), array, array);
    }

    private static CodeBlock elementLayout(ParamSpec param) {
        return FfmTypes.layout(FfmTypes.elementOf(param.type()));
    }

    private static CodeBlock arrayBytes(ParamSpec param, String name) {
        return CodeBlock.of("$N.length * $LL", name, FfmTypes.elementBytes(param.type()));
    }

    /** {@code (int) handles.scratch... .invokeExact(args)}: the cast makes the call site exact. */
    private CodeBlock invoke(EntryPointSpec entryPoint, CodeBlock arguments) {
        JavaType result = entryPoint.isTensor() ? JavaType.INT : entryPoint.returnType();
        CodeBlock target = CodeBlock.of("$N.$N().invokeExact($L)", handles, names.handle(entryPoint),
                arguments);
        return result == JavaType.VOID ? target
                : CodeBlock.of("($T) $L", FfmTypes.javaType(result), target);
    }

    private static boolean writes(Role role) {
        return role == Role.OUTPUT || role == Role.WORKSPACE_POOL;
    }
}
