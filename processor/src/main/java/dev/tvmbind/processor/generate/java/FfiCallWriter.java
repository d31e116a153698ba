package dev.tvmbind.processor.generate.java;

import static dev.tvmbind.processor.generate.java.BindingTypes.MEMORY_SEGMENT;
import static dev.tvmbind.processor.generate.java.BindingTypes.REFERENCE;
import static dev.tvmbind.processor.generate.java.BindingTypes.SCRATCH;
import static javax.lang.model.element.Modifier.PUBLIC;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import dev.tvmbind.contract.FfiType;
import dev.tvmbind.processor.model.FfiSpec;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Writes one method of an FFI binding: the arguments packed as {@code TVMFFIAny} values at
 * offsets fixed here, in the thread's scratch ({@code FfiValues.frame}), then one
 * {@code invokeExact}, the raised error or the result. Value {@code i} of a call is argument
 * {@code i}; the result follows the arguments; strings follow the result. An owned tensor made
 * into an {@code ffi.Tensor} for the call is released after it, in {@code finally}.
 */
final class FfiCallWriter {
    private FfiCallWriter() {}

    /** The plain types a call packs and reads itself; the others go through a converter. */
    private static final Set<FfiType.Plain> DIRECT = EnumSet.of(FfiType.Plain.LONG,
            FfiType.Plain.INT, FfiType.Plain.SHORT, FfiType.Plain.BYTE, FfiType.Plain.DOUBLE,
            FfiType.Plain.FLOAT, FfiType.Plain.BOOLEAN, FfiType.Plain.STRING,
            FfiType.Plain.POINTER, FfiType.Plain.TENSOR, FfiType.Plain.OWNED_TENSOR,
            FfiType.Plain.VOID);

    /**
     * The setter of an {@code Optional} of a plain number, which the call writes itself (the
     * number or None: no converter), or null for any other type.
     */
    private static RuntimeMembers.Member optionalNumber(FfiType type) {
        if (!(type instanceof FfiType.OptionalOf o && o.element() instanceof FfiType.Plain p)) {
            return null;
        }
        return switch (p) {
            case LONG, INT, SHORT, BYTE -> RuntimeMembers.SET_OPTIONAL_INT;
            case DOUBLE, FLOAT -> RuntimeMembers.SET_OPTIONAL_FLOAT;
            case BOOLEAN -> RuntimeMembers.SET_OPTIONAL_BOOL;
            default -> null;
        };
    }

    /** Whether a value of {@code type} goes through its converter ({@code FfiContainer}). */
    static boolean converted(FfiType type) {
        return !(type instanceof FfiType.Callback)
                && !(type instanceof FfiType.Plain plain && DIRECT.contains(plain));
    }

    /**
     * The method of {@code function}.
     *
     * @param symbol the field holding its symbol, named in errors
     * @param handle the field holding its method handle
     * @param self the field holding its {@code self}, or null for an exported function
     * @param containers the field holding a container type's converter, made on first ask
     * @param callbacks the field holding a callback type's converter, made on first ask
     * @param outerNames the outermost simple names of the interface and of its callbacks, which
     *     the method names
     * @param owner how an expression reaches a class: by name, or through a cast where the
     *     interface's members hide every spelling of it
     * @param shapes the field checking the function's declared tensors, or null for none
     */
    static MethodSpec method(FfiSpec.Function function, String symbol, String handle,
            String self, Function<FfiType, String> containers,
            Function<FfiType.Callback, String> callbacks, Set<String> outerNames,
            Function<ClassName, CodeBlock> owner, String shapes) {
        NameAllocator locals = new NameAllocator();
        // A local never takes a name the method's code means otherwise: a class it names, the
        // first part of a package, the interface, or a field of the binding (all upper case).
        FfiBindingParts.WRITTEN.forEach(locals::newName);
        outerNames.forEach(locals::newName);
        MethodSpec.Builder method = MethodSpec.methodBuilder(function.javaName())
                .addAnnotation(Override.class)
                .addModifiers(PUBLIC)
                .returns(FfiTypeCode.javaType(function.result()));
        List<String> names = new ArrayList<>();
        for (FfiSpec.Parameter parameter : function.parameters()) {
            String local = locals.newName(parameter.name().matches("[A-Z][A-Z0-9_]*")
                    ? parameter.name() + "_" : parameter.name(), parameter);
            names.add(local);
            method.addParameter(FfiTypeCode.javaType(parameter.type()), local);
        }
        String scratch = locals.newName("scratch");
        String frame = locals.newName("frame");
        String at = locals.newName("at");
        String status = locals.newName("status");
        String e = locals.newName("e");
        int count = names.size();
        CodeBlock.Builder body = CodeBlock.builder();
        // Declared tensors are checked first: nothing is made for a call they refuse.
        List<CodeBlock> declared = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            if (function.parameters().get(i).shape().isPresent()) {
                declared.add(CodeBlock.of("$N", names.get(i)));
            }
        }
        if (!declared.isEmpty()) {
            body.addStatement("$N.$N($L)", shapes, RuntimeMembers.TENSOR_CHECK_PARAMETERS.name(),
                    CodeBlock.join(declared, ", "));
        }
        // Strings are checked and measured before the scratch is taken: a bad one throws first.
        List<String> rooms = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            FfiSpec.Parameter parameter = function.parameters().get(i);
            String room = null;
            if (parameter.type() == FfiType.Plain.STRING) {
                room = locals.newName(names.get(i) + "Room");
                body.addStatement("long $N = $L", room, RuntimeMembers.FFI_STRING_ROOM.call(owner, 
                        "$N, $S", names.get(i), parameter.name()));
            }
            rooms.add(room);
        }
        List<CodeBlock> sizes = rooms.stream().filter(r -> r != null)
                .map(r -> CodeBlock.of("$N", r)).toList();
        // An object made for an owned tensor or a container is released in finally, whatever
        // else fails.
        List<String> made = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String object = null;
            FfiType type = function.parameters().get(i).type();
            if (type == FfiType.Plain.OWNED_TENSOR || type instanceof FfiType.Callback
                    || converted(type) && optionalNumber(type) == null) {
                object = locals.newName(names.get(i) + "Object");
                body.addStatement("long $N = 0L", object);
            }
            made.add(object);
        }
        body.addStatement("$T $N = SCRATCH.acquire()", SCRATCH, scratch)
                .beginControlFlow("try")
                .addStatement("$T $N = $L", MEMORY_SEGMENT, frame, RuntimeMembers.FRAME.call(owner, 
                        "$N, $L, $L", scratch, count + 1,
                        sizes.isEmpty() ? CodeBlock.of("0") : CodeBlock.join(sizes, " + ")))
                .addStatement("long $N = $L", at, RuntimeMembers.FRAME_ADDRESS.call(owner, "$N", scratch));
        for (int i = 0; i < count; i++) {
            FfiSpec.Parameter parameter = function.parameters().get(i);
            if (parameter.type() instanceof FfiType.Callback callback) {
                body.addStatement("$N = $L", made.get(i), RuntimeMembers.CALLBACK_SET.on(
                        callbacks.apply(callback), "$N, $L, $N, $S, FFI, $N", scratch, i,
                        names.get(i), parameter.name(), symbol));
                continue;
            }
            RuntimeMembers.Member optional = optionalNumber(parameter.type());
            if (optional != null) {
                body.addStatement("$L", optional.call(owner, "$N, $L, $N, $S", frame, i,
                        names.get(i), parameter.name()));
                continue;
            }
            if (converted(parameter.type())) {
                body.addStatement("$N = $L", made.get(i), RuntimeMembers.CONTAINER_SET.on(
                        containers.apply(parameter.type()), "$N, $L, $N, $S, FFI, $N",
                        scratch, i, names.get(i), parameter.name(), symbol));
                continue;
            }
            body.addStatement(parameter.type() == FfiType.Plain.OWNED_TENSOR
                    ? CodeBlock.of("$N = $L", made.get(i), RuntimeMembers.SET_OWNED_TENSOR.call(owner, 
                            "$N, $L, $N, $S, FFI, $N", frame, i, names.get(i), parameter.name(),
                            symbol))
                    : argument(parameter, names.get(i), i, frame, scratch, rooms.get(i), owner));
        }
        body.addStatement("$L", RuntimeMembers.CLEAR.call(owner, "$N, $L", frame, count))
                .addStatement("int $N = (int) $N.invokeExact($L, $N, $L, $N + $LL)", status, handle,
                        self == null ? CodeBlock.of("0L") : CodeBlock.of("$N", self), at, count,
                        at, 16 * count)
                .beginControlFlow("if ($N != 0)", status)
                .addStatement("throw $L", RuntimeMembers.RAISED.on("FFI", "$N", symbol))
                .endControlFlow();
        FfiType returned = function.result();
        FfiType.Callback optional = returned instanceof FfiType.OptionalOf o
                && o.element() instanceof FfiType.Callback c ? c : null;
        if (optional != null || returned instanceof FfiType.Callback) {
            if (optional != null) {
                method.addAnnotation(AnnotationSpec.builder(SuppressWarnings.class)
                        .addMember("value", "$S", "unchecked").build());
            }
            body.addStatement("return ($T) $L", FfiTypeCode.javaType(returned),
                    RuntimeMembers.CALLBACK_READ.on(callbacks.apply(optional != null ? optional
                            : (FfiType.Callback) returned), "$N, $L, FFI, $N, $L", frame, count,
                            symbol, optional != null));
        } else if (converted(returned)) {
            if (!(returned instanceof FfiType.Plain)) {
                method.addAnnotation(AnnotationSpec.builder(SuppressWarnings.class)
                        .addMember("value", "$S", "unchecked").build());
            }
            CodeBlock read = RuntimeMembers.CONTAINER_READ.on(containers.apply(returned),
                    "$N, $L, FFI, $N", frame, count, symbol);
            // Object needs no cast (a redundant one is a lint warning in users' builds).
            body.addStatement(returned == FfiType.Plain.ANY ? CodeBlock.of("return $L", read)
                    : CodeBlock.of("return ($T) $L", FfiTypeCode.javaType(returned), read));
        } else {
            CodeBlock read = result((FfiType.Plain) returned, frame, count, symbol, owner);
            // A declared result is checked on return, released on a mismatch.
            body.addStatement("$L", function.resultShape().isEmpty() ? read
                    : CodeBlock.of("return $N.$N($L)", shapes,
                            RuntimeMembers.TENSOR_CHECK_RESULT.name(), CodeBlock.join(
                                    java.util.stream.Stream.concat(java.util.stream.Stream.of(
                                            RuntimeMembers.TO_TENSOR.call(owner,
                                                    "$N, $L, FFI, $N", frame, count, symbol)),
                                            declared.stream()).toList(), ", ")));
        }
        body.nextControlFlow("catch ($T $N)", Throwable.class, e)
                .addStatement("throw $L", RuntimeMembers.RETHROW.call(owner, "$N", e))
                .nextControlFlow("finally");
        for (int i = 0; i < count; i++) {
            if (made.get(i) != null) {
                boolean callback = function.parameters().get(i).type()
                        instanceof FfiType.Callback;
                body.addStatement("$L", (callback ? RuntimeMembers.CALLBACK_RELEASE
                        : RuntimeMembers.RELEASE_MADE).call(owner, "FFI, $N", made.get(i)));
            }
        }
        body.addStatement("$L", RuntimeMembers.RELEASE_SCRATCH.on(scratch, ""));
        // A tensor's DLTensor lives as long as the tensor object: kept until C returned.
        for (int i = 0; i < count; i++) {
            FfiType type = function.parameters().get(i).type();
            if (type == FfiType.Plain.TENSOR || type == FfiType.Plain.OWNED_TENSOR) {
                body.addStatement("$L.reachabilityFence($N)", owner.apply(REFERENCE), names.get(i));
            }
        }
        body.endControlFlow();
        return method.addCode(body.build()).build();
    }

    /** Writes argument {@code index} into value {@code index} of the frame (owned: above). */
    private static CodeBlock argument(FfiSpec.Parameter parameter, String name, int index,
            String frame, String scratch, String room, Function<ClassName, CodeBlock> owner) {
        return switch ((FfiType.Plain) parameter.type()) {
            case STRING -> RuntimeMembers.SET_STRING.call(owner, "$N, $L, $L", frame, index,
                    RuntimeMembers.FFI_COPY_IN_STRING.call(owner, "$N, $N, $N", scratch, name, room));
            case POINTER -> RuntimeMembers.SET_OPAQUE.call(owner, "$N, $L, $N, $S", frame, index, name,
                    parameter.name());
            case TENSOR -> RuntimeMembers.SET_TENSOR.call(owner, "$N, $L, $N, $S", frame, index, name,
                    parameter.name());
            case DOUBLE, FLOAT -> RuntimeMembers.SET_FLOAT.call(owner, "$N, $L, $N", frame, index, name);
            case BOOLEAN -> RuntimeMembers.SET_BOOL.call(owner, "$N, $L, $N", frame, index, name);
            case LONG, INT, SHORT, BYTE -> RuntimeMembers.SET_INT.call(owner, "$N, $L, $N", frame, index,
                    name);
            default -> throw new IllegalArgumentException(parameter.type()
                    + " is written elsewhere");
        };
    }

    /** Reads the result, value {@code index} of the frame, as the method returns it. */
    private static CodeBlock result(FfiType.Plain type, String frame, int index, String symbol,
            Function<ClassName, CodeBlock> owner) {
        CodeBlock read = CodeBlock.of("$N, $L, FFI, $N", frame, index, symbol);
        return switch (type) {
            case VOID -> RuntimeMembers.TO_VOID.call(owner, "$N, $L, FFI", frame, index);
            case LONG -> CodeBlock.of("return $L", RuntimeMembers.TO_INT.call(owner, "$L, 64", read));
            case INT, SHORT, BYTE -> CodeBlock.of("return ($T) $L", FfiTypeCode.javaType(type),
                    RuntimeMembers.TO_INT.call(owner, "$L, $L", read, type.bits()));
            case DOUBLE -> CodeBlock.of("return $L", RuntimeMembers.TO_FLOAT.call(owner, "$L", read));
            case FLOAT -> CodeBlock.of("return (float) $L", RuntimeMembers.TO_FLOAT.call(owner, "$L",
                    read));
            case BOOLEAN -> CodeBlock.of("return $L", RuntimeMembers.TO_BOOL.call(owner, "$L", read));
            case STRING -> CodeBlock.of("return $L", RuntimeMembers.TO_TEXT.call(owner, "$L", read));
            case POINTER -> CodeBlock.of("return $L", RuntimeMembers.TO_POINTER.call(owner, "$L", read));
            case TENSOR -> CodeBlock.of("return $L", RuntimeMembers.TO_TENSOR.call(owner, "$L", read));
            default -> throw new IllegalArgumentException(type + " is read elsewhere");
        };
    }
}
