package dev.tvmbind.processor.generate.java;

import static dev.tvmbind.processor.generate.java.BindingTypes.OBJECTS;
import static dev.tvmbind.processor.generate.java.BindingTypes.OVERRIDE;
import static dev.tvmbind.processor.generate.java.BindingTypes.SCRATCH;
import static dev.tvmbind.processor.generate.java.BindingTypes.THROWABLE;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import dev.tvmbind.processor.generate.Prototypes;
import dev.tvmbind.processor.model.CDeclarations;
import dev.tvmbind.processor.model.EntryPointSpec;
import dev.tvmbind.processor.model.JavaType;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.ParamSpec;
import dev.tvmbind.processor.model.Role;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Writes each entry point's method: checks that throw before any native call, arrays and
 * strings copied through the thread's scratch memory (never allocated per call), and one
 * {@code invokeExact} with exact types. What every method shares lives in the runtime
 * ({@code Scratch}, {@code TensorArgument}), so each method holds only what differs.
 */
final class CallWriter {
    /** A prototype longer than this is documented with one parameter per line. */
    private static final int ONE_LINE_PROTOTYPE = 90;

    private final ModelSpec model;
    private final BindingNames names;
    private final CDeclarations declarations;

    CallWriter(ModelSpec model, CDeclarations declarations, BindingNames names) {
        this.declarations = declarations;
        this.model = model;
        this.names = names;
    }

    MethodSpec method(EntryPointSpec entryPoint) {
        NameAllocator local = names.locals();
        MethodSpec.Builder method = MethodSpec.methodBuilder(entryPoint.javaName())
                .addJavadoc("$L", javadoc(entryPoint))
                .addAnnotation(OVERRIDE)
                .addModifiers(Modifier.PUBLIC)
                .returns(Layouts.javaType(entryPoint.returnType()));
        for (ParamSpec param : entryPoint.params()) {
            method.addParameter(Layouts.javaType(param.type()), local.newName(param.javaName(), param));
        }
        // A binding of a TvmLibrary stops at the library's close (its code stays mapped).
        CodeBlock.Builder body = CodeBlock.builder()
                .addStatement("$L", RuntimeMembers.CHECK_OPEN.on(BindingNames.OWNER, ""));
        if (entryPoint.isTensor()) {
            tensorBody(body, entryPoint, local);
        } else {
            plainBody(body, entryPoint, local);
        }
        return method.addCode(body.build()).build();
    }

    /** The interface's doc, then the C function, laid out as the header declares it. */
    private String javadoc(EntryPointSpec entryPoint) {
        Prototypes.Parts prototype = Prototypes.of(declarations, entryPoint);
        String declaration = prototype.oneLine() + ";";
        if (entryPoint.isTensor() || declaration.length() > ONE_LINE_PROTOTYPE) {
            declaration = prototype.head() + "(\n  " + String.join(",\n  ", prototype.parameters())
                    + "\n);";
        }
        return "{@inheritDoc}\n\n<p>Calls the C function\n<pre>{@code\n" + declaration
                + "\n}</pre>\n";
    }

    /**
     * TVM's run function: each tensor checked, then in scratch memory the structs of pointers
     * (in TVM's argument order) followed by a copy of each array, then the call.
     */
    private void tensorBody(CodeBlock.Builder body, EntryPointSpec run, NameAllocator local) {
        for (ParamSpec param : run.params()) {
            body.addStatement("$L", RuntimeMembers.CHECK.on(names.tensor(param), "$N", local.get(param)));
        }
        String scratch = acquire(body, local);
        body.beginControlFlow("try");
        List<CodeBlock> copied = new ArrayList<>();
        run.params().stream().filter(p -> p.type().isArray())
                .forEach(p -> copied.add(RuntimeMembers.SIZE.call(names, "$N", local.get(p))));
        body.addStatement("$L", RuntimeMembers.BEGIN.on(scratch, "$L, $L", run.params().size(),
                sum(copied)));
        List<Role> roles = run.structRoles();
        List<String> structs = new ArrayList<>();
        for (Role role : roles) {
            String struct = local.newName(Layouts.camelCase(role.structSuffix()));
            structs.add(struct);
            body.addStatement("long $N = $L", struct, RuntimeMembers.STRUCT.on(scratch, "$L",
                    run.params(role).size()));
        }
        List<Runnable> copiesOut = new ArrayList<>();
        List<CodeBlock> guarded = new ArrayList<>();
        for (int r = 0; r < roles.size(); r++) {
            Role role = roles.get(r);
            String struct = structs.get(r);
            List<ParamSpec> members = run.params(role);
            body.add("// struct $L: $L\n", declarations.struct(role),
                    String.join(", ", members.stream().map(ParamSpec::cName).toList()));
            for (int i = 0; i < members.size(); i++) {
                ParamSpec member = members.get(i);
                String argument = local.get(member);
                if (member.type() == JavaType.SEGMENT) {
                    body.addStatement("$L", RuntimeMembers.SET_POINTER.on(scratch, "$N, $L, $N", struct,
                            i, argument));
                    continue;
                }
                // Each copy is followed by a guard, in this order.
                guarded.add(CodeBlock.of("$N", names.tensor(member)));
                if (role == Role.INPUT) {
                    body.addStatement("$L", RuntimeMembers.SET_POINTER.on(scratch, "$N, $L, $L", struct,
                            i, RuntimeMembers.COPY_IN.on(scratch, "$N", argument)));
                } else {
                    String copy = local.newName(argument + "Copy");
                    RuntimeMembers.Member take = role == Role.OUTPUT ? RuntimeMembers.ROOM_FOR
                            : RuntimeMembers.COPY_IN;
                    body.addStatement("long $N = $L", copy, take.on(scratch, "$N", argument));
                    body.addStatement("$L", RuntimeMembers.SET_POINTER.on(scratch, "$N, $L, $N", struct,
                            i, copy));
                    copiesOut.add(() -> body.addStatement("$L", RuntimeMembers.COPY_OUT.on(
                            names.tensor(member), "$N, $N, $N", scratch, copy, argument)));
                }
            }
        }
        String status = local.newName("status");
        boolean throwsStatus = run.returnType() == JavaType.VOID;
        CodeBlock call = CodeBlock.of("(int) $N.invokeExact($L)", names.handle(run),
                String.join(", ", structs));
        if (model.serializesRun()) {
            // TVM's workspace is static memory: one run at a time per loaded library.
            body.addStatement("int $N", status)
                    .addStatement("$N.lock()", BindingNames.RUN_LOCK)
                    .beginControlFlow("try")
                    .addStatement("$N = $L", status, call);
        } else {
            body.addStatement("int $N = $L", status, call);
        }
        if (!guarded.isEmpty()) {
            String overrun = local.newName("overrun");
            body.addStatement("int $N = $L", overrun, RuntimeMembers.OVERRUN_COPY.on(scratch, ""))
                    .beginControlFlow("if ($N >= 0)", overrun)
                    .addStatement("throw $L", RuntimeMembers.OVERRUN.call(names, "$N, $N,$W$L",
                            names.symbol(run), overrun, CodeBlock.join(guarded, ",$W")))
                    .endControlFlow();
        }
        // After a failure, before another run: what the library says, then its platform arena
        // reset, as an executor's run does (FailedRun: one protocol).
        body.beginControlFlow("if ($N != 0)", status);
        if (throwsStatus) {
            body.addStatement("throw $L", RuntimeMembers.FAILED_RUN.on(BindingNames.LINKAGE,
                    "$N, $N", names.symbol(run), status));
        } else {
            body.addStatement("$L", RuntimeMembers.AFTER_FAILED_RUN.on(BindingNames.LINKAGE, ""));
        }
        body.endControlFlow();
        if (model.serializesRun()) {
            body.nextControlFlow("finally")
                    .addStatement("$N.unlock()", BindingNames.RUN_LOCK)
                    .endControlFlow();
        }
        // On a non-zero status the caller's arrays stay as they were.
        if (throwsStatus) {
            copiesOut.forEach(Runnable::run);
        } else {
            if (!copiesOut.isEmpty()) {
                body.beginControlFlow("if ($N == 0)", status);
                copiesOut.forEach(Runnable::run);
                body.endControlFlow();
            }
            body.addStatement("return $N", status);
        }
        endCall(body, local, scratch);
    }

    /** A plain C function: values as they are, arrays and strings through scratch memory. */
    private void plainBody(CodeBlock.Builder body, EntryPointSpec function, NameAllocator local) {
        List<ParamSpec> staged = new ArrayList<>();
        for (ParamSpec param : function.params()) {
            String argument = local.get(param);
            if (param.type() == JavaType.STRING) {
                body.addStatement("long $N = $L", local.newName(argument + "Utf8", utf8Tag(param)),
                        RuntimeMembers.UTF8.call(names, "$N, $S", argument, param.javaName()));
            } else if (param.type() == JavaType.SEGMENT) {
                body.addStatement("$L", RuntimeMembers.CHECK_SEGMENT.call(names, "$N, $S", argument,
                        param.javaName()));
            } else if (param.type().isArray()) {
                body.addStatement("$L.requireNonNull($N, $S)", names.owner(OBJECTS), argument,
                        param.javaName());
            }
            if (BindingTypes.staged(function, param)) {
                staged.add(param);
            }
        }
        boolean returns = function.returnType() != JavaType.VOID;
        if (staged.isEmpty()) {
            String error = local.newName("e");
            body.beginControlFlow("try")
                    .addStatement((returns ? "return " : "") + "$L", invoke(function, local))
                    .nextControlFlow("catch ($T $N)", THROWABLE, error)
                    .addStatement("throw $L", RuntimeMembers.RETHROW.call(names, "$N", error))
                    .endControlFlow();
            return;
        }
        String scratch = acquire(body, local);
        body.beginControlFlow("try");
        List<CodeBlock> copied = new ArrayList<>();
        staged.forEach(p -> copied.add((p.type() == JavaType.STRING ? RuntimeMembers.UTF8_ROOM
                : RuntimeMembers.SIZE).call(names, "$N", copySource(p, local))));
        body.addStatement("$L", RuntimeMembers.BEGIN.on(scratch, "0, $L", sum(copied)));
        List<ParamSpec> copiedBack = new ArrayList<>();
        for (ParamSpec param : staged) {
            boolean string = param.type() == JavaType.STRING;
            String copyName = local.newName(local.get(param) + "Copy", copyTag(param));
            body.addStatement("long $N = $L", copyName, string
                    ? RuntimeMembers.COPY_IN_STRING.on(scratch, "$N, $N", local.get(param),
                            copySource(param, local))
                    : RuntimeMembers.COPY_IN.on(scratch, "$N", copySource(param, local)));
            if (!string) {
                copiedBack.add(param);
            }
        }
        if (copiedBack.isEmpty()) {
            body.addStatement((returns ? "return " : "") + "$L", invoke(function, local));
        } else {
            String result = local.newName("result");
            if (returns) {
                body.addStatement("$T $N = $L", Layouts.javaType(function.returnType()), result,
                        invoke(function, local));
            } else {
                body.addStatement("$L", invoke(function, local));
            }
            copiedBack.forEach(p -> body.addStatement("$L", RuntimeMembers.COPY_BACK.call(names, "$N, $N, $N",
                    scratch, local.get(copyTag(p)), local.get(p))));
            if (returns) {
                body.addStatement("return $N", result);
            }
        }
        endCall(body, local, scratch);
    }

    /** {@code (int) HANDLE_F.invokeExact(args)}: the cast makes the call site exact. */
    private CodeBlock invoke(EntryPointSpec function, NameAllocator local) {
        List<CodeBlock> arguments = new ArrayList<>();
        for (ParamSpec param : function.params()) {
            if (BindingTypes.staged(function, param)) {
                arguments.add(CodeBlock.of("$N", local.get(copyTag(param))));
            } else if (param.type().isArray()) {
                arguments.add(RuntimeMembers.HEAP.call(names, "$N", local.get(param)));
            } else {
                arguments.add(CodeBlock.of("$N", local.get(param)));
            }
        }
        CodeBlock call = CodeBlock.of("$N.invokeExact($L)", names.handle(function),
                CodeBlock.join(arguments, ", "));
        return function.returnType() == JavaType.VOID ? call
                : CodeBlock.of("($T) $L", Layouts.javaType(function.returnType()), call);
    }

    private String acquire(CodeBlock.Builder body, NameAllocator local) {
        String scratch = local.newName("scratch");
        body.addStatement("$T $N = $L", SCRATCH, scratch,
                RuntimeMembers.ACQUIRE_SCRATCH.on(BindingNames.SCRATCH, ""));
        return scratch;
    }

    /** Closes the call's {@code try}: a downcall's exception passes unchanged, the scratch is given back. */
    private void endCall(CodeBlock.Builder body, NameAllocator local, String scratch) {
        String error = local.newName("e");
        body.nextControlFlow("catch ($T $N)", THROWABLE, error)
                .addStatement("throw $L", RuntimeMembers.RETHROW.call(names, "$N", error))
                .nextControlFlow("finally")
                .addStatement("$L", RuntimeMembers.RELEASE_SCRATCH.on(scratch, ""))
                .endControlFlow();
    }

    private static CodeBlock sum(List<CodeBlock> terms) {
        return terms.isEmpty() ? CodeBlock.of("0") : CodeBlock.join(terms, "$W+ ");
    }

    /** What is copied for a staged parameter: the array, or the string's UTF-8 size. */
    private static String copySource(ParamSpec param, NameAllocator local) {
        return param.type() == JavaType.STRING ? local.get(utf8Tag(param)) : local.get(param);
    }

    private static String utf8Tag(ParamSpec param) {
        return "utf8 " + param.javaName();
    }

    private static String copyTag(ParamSpec param) {
        return "copy " + param.javaName();
    }
}
