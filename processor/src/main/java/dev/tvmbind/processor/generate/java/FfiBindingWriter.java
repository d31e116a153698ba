package dev.tvmbind.processor.generate.java;

import static javax.lang.model.element.Modifier.FINAL;
import static javax.lang.model.element.Modifier.PRIVATE;
import static javax.lang.model.element.Modifier.PUBLIC;
import static javax.lang.model.element.Modifier.STATIC;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.tvmbind.processor.model.FfiSpec;
import dev.tvmbind.processor.naming.CNames;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the binding of a {@code @TvmFfi} interface: {@code load} resolves every
 * {@code __tvm_ffi_<name>} at once, and the nested {@code Linked} class calls each through
 * {@code static final} method handles, packing the arguments as {@code TVMFFIAny} in the thread's
 * scratch memory ({@code FfiValues}), so that a call allocates nothing. Runtime classes are written
 * in full, so that no name of the interface hides them.
 */
public final class FfiBindingWriter {
    private FfiBindingWriter() {}

    private static final String INTERNAL = "dev.tvmbind.runtime.internal";
    private static final ClassName CONTRACT = ClassName.get(INTERNAL, "Contract");
    private static final ClassName FFI_LINKING = ClassName.get(INTERNAL, "FfiLinking");
    private static final ClassName FFI_LIBRARY = ClassName.get(INTERNAL, "FfiLibrary");
    private static final ClassName FFI_VALUES = ClassName.get(INTERNAL, "FfiValues");
    private static final ClassName LINKAGE = ClassName.get(INTERNAL, "Linkage");
    private static final ClassName SCRATCH = ClassName.get(INTERNAL, "Scratch");
    private static final ClassName SCRATCH_POOL = ClassName.get(INTERNAL, "ScratchPool");
    private static final ClassName ARGUMENTS = ClassName.get(INTERNAL, "Arguments");
    private static final ClassName UTF8 = ClassName.get(INTERNAL, "Utf8");
    private static final ClassName FOREIGN = ClassName.get(INTERNAL, "Foreign");
    private static final ClassName MEMORY_SEGMENT = ClassName.get("java.lang.foreign", "MemorySegment");
    private static final ClassName SYMBOL_LOOKUP = ClassName.get("java.lang.foreign", "SymbolLookup");
    private static final ClassName METHOD_HANDLE = ClassName.get("java.lang.invoke", "MethodHandle");
    private static final ClassName METHOD_HANDLES = ClassName.get("java.lang.invoke", "MethodHandles");
    private static final ClassName PATH = ClassName.get("java.nio.file", "Path");
    private static final ClassName LIST = ClassName.get("java.util", "List");
    private static final ClassName GENERATED = ClassName.get("javax.annotation.processing",
            "Generated");
    private static final ClassName REFERENCE = ClassName.get("java.lang.ref", "Reference");

    private static TypeName javaType(FfiSpec.Type type) {
        return switch (type) {
            case LONG -> TypeName.LONG;
            case INT -> TypeName.INT;
            case SHORT -> TypeName.SHORT;
            case BYTE -> TypeName.BYTE;
            case DOUBLE -> TypeName.DOUBLE;
            case FLOAT -> TypeName.FLOAT;
            case BOOLEAN -> TypeName.BOOLEAN;
            case STRING -> ClassName.get(String.class);
            case SEGMENT -> MEMORY_SEGMENT;
            case TENSOR -> ClassName.get("dev.tvmbind.runtime.ffi", "Tensor");
            case VOID -> TypeName.VOID;
        };
    }

    /** The binding's simple name: {@code KernelsBinding}, {@code Outer_InnerBinding}. */
    public static String simpleName(FfiSpec spec) {
        return String.join("_", spec.simpleNames()) + "Binding";
    }

    public static JavaFile write(FfiSpec spec) {
        String name = simpleName(spec);
        ClassName iface = ClassName.get(spec.packageName(), spec.simpleNames().getFirst(),
                spec.simpleNames().subList(1, spec.simpleNames().size()).toArray(String[]::new));
        NameAllocator fields = new NameAllocator();
        for (String fixed : List.of("CONTRACT", "SYMBOLS", "SIGNATURES", "LINKAGE", "FFI",
                "SCRATCH")) {
            fields.newName(fixed);
        }
        List<String> symbols = new ArrayList<>();
        TypeSpec.Builder type = TypeSpec.classBuilder(name)
                .addModifiers(PUBLIC, FINAL)
                .alwaysQualify("Contract", "FfiLinking", "FfiLibrary", "FfiValues", "Linkage",
                        "Scratch", "ScratchPool", "Arguments", "Utf8", "Foreign",
                        "MemorySegment", "SymbolLookup", "MethodHandle", "MethodHandles", "Path",
                        "List", "String", "Generated", "Throwable", "Override",
                        "SuppressWarnings", "Tensor", "Reference")
                .addJavadoc("The binding of {@link $T}, generated by tvmbind: each method calls the"
                        + " function\nits library exports through TVM's FFI.\n", iface);
        if (spec.generatedAnnotation()) {
            type.addAnnotation(AnnotationSpec.builder(GENERATED).addMember("value", "$S",
                    "dev.tvmbind.processor.TvmBindProcessor").build());
        }
        type.addField(FieldSpec.builder(TypeName.INT, "CONTRACT", PRIVATE, STATIC, FINAL)
                .addJavadoc("The runtime's contract this binding was generated for, checked first.\n")
                .initializer("$T.require($L, $N.class)", CONTRACT, BindingWriter.CONTRACT_VERSION, name)
                .build());
        List<String> symbolFields = new ArrayList<>();
        for (FfiSpec.Function function : spec.functions()) {
            String field = fields.newName((function.global() ? "GLOBAL_" : "SYMBOL_")
                    + CNames.constant(function.name().replaceAll("[^A-Za-z0-9_]", "_")), function);
            symbolFields.add(field);
            symbols.add(function.symbol());
            type.addField(FieldSpec.builder(String.class, field, PUBLIC, STATIC, FINAL)
                    .addJavadoc(function.global()
                            ? "The key of {@link $T#$L}: {@code global:} and its name in TVM's global registry.\n"
                            : "The symbol of {@link $T#$L}.\n", iface, function.javaName())
                    .initializer("$S", function.symbol()).build());
        }
        type.addField(FieldSpec.builder(ParameterizedTypeName.get(LIST, ClassName.get(String.class)),
                "SYMBOLS", PRIVATE, STATIC, FINAL)
                .initializer("$T.of($L)", LIST, CodeBlock.join(symbolFields.stream()
                        .map(f -> CodeBlock.of("$N", f)).toList(), ", "))
                .build());
        type.addField(FieldSpec.builder(ParameterizedTypeName.get(LIST, ClassName.get(String.class)),
                "SIGNATURES", PRIVATE, STATIC, FINAL)
                .addJavadoc("Each function's method, compared at load with the schema its library"
                        + " exports, if any.\n")
                .initializer("$T.of($L)", LIST, CodeBlock.join(spec.functions().stream()
                        .map(f -> CodeBlock.of("$S", signature(f))).toList(), ",\n"))
                .build());
        type.addMethod(MethodSpec.constructorBuilder().addModifiers(PRIVATE).build());
        type.addMethod(load(iface, PATH, "library", "Opens the shared library at {@code library}"
                + " (kept loaded while the binding\nis reachable) and resolves every function.\n"));
        type.addMethod(load(iface, SYMBOL_LOOKUP, "lookup", "Resolves every function in"
                + " {@code lookup}, which must stay usable while the binding is\nused.\n"));
        type.addType(linked(spec, iface, symbolFields, fields));
        return JavaFile.builder(spec.packageName(), type.build()).skipJavaLangImports(true)
                .indent("    ").build();
    }

    private static MethodSpec load(ClassName iface, ClassName from, String parameter, String doc) {
        return MethodSpec.methodBuilder("load")
                .addJavadoc(doc + "\n@param $N where the functions are\n@return the binding\n"
                        + "@throws IllegalCallerException when the caller's module has no native"
                        + " access\n@throws UnsatisfiedLinkError listing every function the"
                        + " library lacks\n", parameter)
                .addModifiers(PUBLIC, STATIC)
                .returns(iface)
                .addParameter(from, parameter)
                .addStatement("return $T.link($T.lookup(), Linked.class, $T.class, SYMBOLS,"
                        + " SIGNATURES, $N)", FFI_LINKING, METHOD_HANDLES, iface, parameter)
                .build();
    }

    private static TypeSpec linked(FfiSpec spec, ClassName iface, List<String> symbolFields,
            NameAllocator fields) {
        TypeSpec.Builder linked = TypeSpec.classBuilder("Linked")
                .addModifiers(PRIVATE, STATIC, FINAL)
                .addSuperinterface(iface)
                .addField(FieldSpec.builder(LINKAGE, "LINKAGE", PRIVATE, STATIC, FINAL)
                        .initializer("$T.of($T.lookup())", LINKAGE, METHOD_HANDLES).build())
                .addField(FieldSpec.builder(FFI_LIBRARY, "FFI", PRIVATE, STATIC, FINAL)
                        .initializer("LINKAGE.ffi()").build())
                .addField(FieldSpec.builder(SCRATCH_POOL, "SCRATCH", PRIVATE, STATIC, FINAL)
                        .initializer("new $T()", SCRATCH_POOL).build());
        List<String> handles = new ArrayList<>();
        List<String> selves = new ArrayList<>();
        for (int i = 0; i < spec.functions().size(); i++) {
            String suffix = symbolFields.get(i).substring(symbolFields.get(i).indexOf('_') + 1);
            String handle = fields.newName("HANDLE_" + suffix);
            handles.add(handle);
            linked.addField(FieldSpec.builder(METHOD_HANDLE, handle, PRIVATE, STATIC, FINAL)
                    .initializer("downcall($N)", symbolFields.get(i)).build());
            if (spec.functions().get(i).global()) {
                String self = fields.newName("SELF_" + suffix);
                selves.add(self);
                linked.addField(FieldSpec.builder(TypeName.LONG, self, PRIVATE, STATIC, FINAL)
                        .addJavadoc("The function object the registry holds: its {@code self}.\n")
                        .initializer("LINKAGE.self($N)", symbolFields.get(i)).build());
            } else {
                selves.add(null);
            }
        }
        linked.addMethod(MethodSpec.constructorBuilder().addModifiers(PRIVATE).build());
        for (int i = 0; i < spec.functions().size(); i++) {
            linked.addMethod(call(spec.functions().get(i), symbolFields.get(i), handles.get(i),
                    selves.get(i)));
        }
        linked.addMethod(MethodSpec.methodBuilder("downcall")
                .addJavadoc("Links an exported function, with the native access of this class's"
                        + " module.\n")
                .addAnnotation(AnnotationSpec.builder(SuppressWarnings.class)
                        .addMember("value", "$S", "restricted").build())
                .addModifiers(PRIVATE, STATIC)
                .returns(METHOD_HANDLE)
                .addParameter(String.class, "symbol")
                .addStatement("$T address = LINKAGE.address(symbol)", MEMORY_SEGMENT)
                .addStatement("return address == null ? null\n: $T.linker().downcallHandle(address,"
                        + " $T.SAFE_CALL)", FOREIGN, FFI_VALUES)
                .build());
        return linked.build();
    }

    /** {@code long add(long a, long b)}: what the runtime compares with the exported schema. */
    private static String signature(FfiSpec.Function function) {
        return function.result().javaName() + " " + function.javaName() + "("
                + String.join(", ", function.parameters().stream()
                        .map(p -> p.type().javaName() + " " + p.name()).toList()) + ")";
    }

    /** One function: arguments packed, the call, the error or the result. */
    private static MethodSpec call(FfiSpec.Function function, String symbol, String handle,
            String self) {
        NameAllocator locals = new NameAllocator();
        MethodSpec.Builder method = MethodSpec.methodBuilder(function.javaName())
                .addAnnotation(Override.class)
                .addModifiers(PUBLIC)
                .returns(javaType(function.result()));
        List<String> names = new ArrayList<>();
        for (FfiSpec.Parameter parameter : function.parameters()) {
            String local = locals.newName(parameter.name(), parameter);
            names.add(local);
            method.addParameter(javaType(parameter.type()), local);
        }
        String scratch = locals.newName("scratch");
        String args = locals.newName("args");
        String result = locals.newName("result");
        String status = locals.newName("status");
        String e = locals.newName("e");
        CodeBlock.Builder body = CodeBlock.builder();
        List<CodeBlock> sizes = new ArrayList<>();
        List<String> utf8 = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            if (function.parameters().get(i).type() == FfiSpec.Type.STRING) {
                String bytes = locals.newName(names.get(i) + "Utf8");
                utf8.add(bytes);
                body.addStatement("long $N = $T.size($N, $S)", bytes, UTF8, names.get(i),
                        function.parameters().get(i).name());
                sizes.add(CodeBlock.of("$T.room($N)", UTF8, bytes));
            } else {
                utf8.add(null);
            }
        }
        int count = names.size();
        body.addStatement("$T $N = SCRATCH.acquire()", SCRATCH, scratch)
                .beginControlFlow("try")
                .addStatement("$N.begin($T.words($L), $L)", scratch, FFI_VALUES, count + 1,
                        sizes.isEmpty() ? CodeBlock.of("0") : CodeBlock.join(sizes, " + "))
                .addStatement("long $N = $N.struct($T.words($L))", args, scratch, FFI_VALUES, count)
                .addStatement("long $N = $N.struct($T.words(1))", result, scratch, FFI_VALUES);
        for (int i = 0; i < count; i++) {
            FfiSpec.Parameter parameter = function.parameters().get(i);
            switch (parameter.type()) {
                case STRING -> body.addStatement("$T.setString($N, $N, $L, $N.copyInString($N, $N))",
                        FFI_VALUES, scratch, args, i, scratch, names.get(i), utf8.get(i));
                case SEGMENT -> body.addStatement("$T.setPointer($N, $N, $L, $N, $S)", FFI_VALUES,
                        scratch, args, i, names.get(i), parameter.name());
                case TENSOR -> body.addStatement("$T.setTensor($N, $N, $L, $N, $S)", FFI_VALUES,
                        scratch, args, i, names.get(i), parameter.name());
                case DOUBLE, FLOAT -> body.addStatement("$T.setFloat($N, $N, $L, $N)", FFI_VALUES,
                        scratch, args, i, names.get(i));
                case BOOLEAN -> body.addStatement("$T.setBool($N, $N, $L, $N)", FFI_VALUES,
                        scratch, args, i, names.get(i));
                default -> body.addStatement("$T.setInt($N, $N, $L, $N)", FFI_VALUES, scratch,
                        args, i, names.get(i));
            }
        }
        body.addStatement("$T.clear($N, $N)", FFI_VALUES, scratch, result)
                .addStatement("int $N = (int) $N.invokeExact($L, $N, $L, $N)", status, handle,
                        self == null ? CodeBlock.of("0L") : CodeBlock.of("$N", self), args, count,
                        result)
                .beginControlFlow("if ($N != 0)", status)
                .addStatement("throw FFI.raised($N)", symbol)
                .endControlFlow();
        String read = "$N, $N, FFI, $N";
        switch (function.result()) {
            case VOID -> body.addStatement("$T.toVoid($N, $N, FFI)", FFI_VALUES, scratch, result);
            case LONG -> body.addStatement("return $T.toInt(" + read + ", 64)", FFI_VALUES,
                    scratch, result, symbol);
            case INT, SHORT, BYTE -> body.addStatement("return ($T) $T.toInt(" + read + ", $L)",
                    javaType(function.result()), FFI_VALUES, scratch, result, symbol,
                    function.result().bits());
            case DOUBLE -> body.addStatement("return $T.toFloat(" + read + ")", FFI_VALUES,
                    scratch, result, symbol);
            case FLOAT -> body.addStatement("return (float) $T.toFloat(" + read + ")",
                    FFI_VALUES, scratch, result, symbol);
            case BOOLEAN -> body.addStatement("return $T.toBool(" + read + ")", FFI_VALUES,
                    scratch, result, symbol);
            case STRING -> body.addStatement("return $T.toText(" + read + ")", FFI_VALUES,
                    scratch, result, symbol);
            case SEGMENT -> body.addStatement("return $T.toPointer(" + read + ")", FFI_VALUES,
                    scratch, result, symbol);
            case TENSOR -> throw new IllegalArgumentException("a tensor result is refused by the"
                    + " reader");
        }
        body.nextControlFlow("catch ($T $N)", Throwable.class, e)
                .addStatement("throw $T.rethrow($N)", ARGUMENTS, e)
                .nextControlFlow("finally")
                .addStatement("$N.release()", scratch);
        // A tensor's DLTensor lives as long as the tensor object: kept until C returned.
        for (int i = 0; i < count; i++) {
            if (function.parameters().get(i).type() == FfiSpec.Type.TENSOR) {
                body.addStatement("$T.reachabilityFence($N)", REFERENCE, names.get(i));
            }
        }
        body.endControlFlow();
        return method.addCode(body.build()).build();
    }
}
