package dev.tvmbind.processor.generate.java;

import static dev.tvmbind.processor.generate.java.BindingTypes.BINDING_SUPPORT;
import static dev.tvmbind.processor.generate.java.BindingTypes.GENERATED;
import static dev.tvmbind.processor.generate.java.BindingTypes.LINKAGE;
import static dev.tvmbind.processor.generate.java.BindingTypes.METHOD_HANDLE;
import static dev.tvmbind.processor.generate.java.BindingTypes.METHOD_HANDLES;
import static dev.tvmbind.processor.generate.java.BindingTypes.MODEL_INFO;
import static dev.tvmbind.processor.generate.java.BindingTypes.MODEL_PROVIDER;
import static dev.tvmbind.processor.generate.java.BindingTypes.OVERRIDE;
import static dev.tvmbind.processor.generate.java.BindingTypes.PATH;
import static dev.tvmbind.processor.generate.java.BindingTypes.REENTRANT_LOCK;
import static dev.tvmbind.processor.generate.java.BindingTypes.SCRATCH_POOL;
import static dev.tvmbind.processor.generate.java.BindingTypes.STRING;
import static dev.tvmbind.processor.generate.java.BindingTypes.SYMBOL_LOOKUP;
import static dev.tvmbind.processor.generate.java.BindingTypes.TENSOR_INFO;
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
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.TypeVariableName;
import dev.tvmbind.processor.diag.Problem;
import dev.tvmbind.processor.model.CDeclarations;
import dev.tvmbind.processor.model.EntryPointSpec;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.Role;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a model's FFM binding with JavaPoet: a final class implementing the interface whose
 * method handles are {@code static final} fields. Each {@code load} defines a hidden copy of the
 * class with one library's symbols as its class data ({@code Linkage}), so that every copy's
 * handles are constants for the JIT: a call compiles to what a hand-written
 * {@code static final MethodHandle} downcall compiles to, also where the JIT does not inline the
 * binding's method into its caller.
 */
public final class BindingWriter {
    private static final String PROCESSOR = "dev.tvmbind.processor.TvmBindProcessor";
    /** The simple name of the binding's nested {@code ModelProvider} class. */
    public static final String PROVIDER = "Provider";

    /** The binding's source, or the problems that keep it from compiling. */
    public record Result(JavaFile file, List<Problem> problems) {}

    private BindingWriter() {}

    /** The binding's simple name: {@code CatSpotterBinding}, {@code Outer_InnerBinding}. */
    public static String simpleName(ModelSpec model) {
        return String.join("_", model.simpleNames()) + "Binding";
    }

    /** The binding of {@code model}, whose C names are {@code declarations}. */
    public static Result write(ModelSpec model, CDeclarations declarations) {
        String name = simpleName(model);
        BindingScope scope = BindingScope.of(model, name);
        if (!scope.problems().isEmpty()) {
            return new Result(null, scope.problems());
        }
        BindingNames names = new BindingNames(model, name, scope.named());
        TypeName iface = interfaceType(model, scope);
        TypeSpec.Builder type = TypeSpec.classBuilder(name)
                .alwaysQualify(scope.qualified().toArray(String[]::new))
                .addJavadoc(classDoc(declarations), iface)
                .addModifiers(PUBLIC, FINAL)
                .addSuperinterface(iface);
        if (model.generatedAnnotation()) {
            type.addAnnotation(AnnotationSpec.builder(GENERATED)
                    .addMember("value", "$S", PROCESSOR).build());
        }
        type.addField(publicString(BindingNames.HEADER, declarations.headerFile(),
                "The C header that declares the model's entry points."));
        for (EntryPointSpec entryPoint : model.entryPoints()) {
            type.addField(publicString(names.symbol(entryPoint),
                    declarations.symbol(entryPoint),
                    "The C symbol of {@link #" + entryPoint.javaName() + "}."));
        }
        model.tensorEntryPoint().ifPresent(run -> run.params()
                .forEach(p -> type.addField(TensorConstants.field(run, p, names))));
        type.addField(info(model, names, iface));
        type.addField(FieldSpec.builder(LINKAGE, BindingNames.LINKAGE, PRIVATE, STATIC, FINAL)
                .addJavadoc("""
                        The library this copy of the class is linked to, given by {@code load} (which
                        keeps a library it opened loaded), and from which the handles below are linked;
                        none in the class as loaded from its file, which is never instantiated.
                        """)
                .initializer("$T.of($T.lookup())", LINKAGE, METHOD_HANDLES)
                .build());
        for (EntryPointSpec entryPoint : model.entryPoints()) {
            type.addField(handle(entryPoint, names));
        }
        model.tensorEntryPoint().filter(run -> model.serializesRun()).ifPresent(run -> type.addField(
                FieldSpec.builder(REENTRANT_LOCK, BindingNames.RUN_LOCK, PRIVATE, STATIC, FINAL)
                        .addJavadoc("""
                                Held during each run: TVM's code keeps its workspace in static memory, so
                                runs of the model in one loaded library, through any binding or executor,
                                must not overlap.
                                """)
                        .initializer("$N.runLock($N)", BindingNames.LINKAGE, names.symbol(run))
                        .build()));
        if (BindingTypes.usesScratch(model)) {
            type.addField(FieldSpec.builder(SCRATCH_POOL, BindingNames.SCRATCH, PRIVATE, STATIC, FINAL)
                    .addJavadoc("Each thread's native memory for TVM's structs and for copies of"
                            + " arrays and strings.\n")
                    .initializer("new $T()", SCRATCH_POOL)
                    .build());
        }
        type.addMethod(MethodSpec.constructorBuilder().addModifiers(PRIVATE).build());
        type.addMethod(loadFromLookup(iface));
        type.addMethod(loadFromPath(iface));
        CopiesWriter copies = new CopiesWriter(iface, names);
        type.addMethod(copies.load());
        CallWriter calls = new CallWriter(model, declarations, names);
        model.entryPoints().forEach(e -> type.addMethod(calls.method(e)));
        type.addType(provider(model, name));
        type.addType(copies.copies(model));
        JavaFile file = JavaFile.builder(model.packageName(), type.build())
                .skipJavaLangImports(true)
                .indent("    ")
                .build();
        return new Result(file, List.of());
    }

    /**
     * {@code Outer.Inner} as JavaPoet writes it, or in full where an inherited member type hides
     * {@code Outer}: JavaPoet writes a type of the file's package by its simple names whatever
     * {@code alwaysQualify} says, so the full name goes in as a name JavaPoet copies verbatim.
     */
    private static TypeName interfaceType(ModelSpec model, BindingScope scope) {
        if (scope.interfaceHidden()) {
            return TypeVariableName.get(model.qualifiedName());
        }
        List<String> nested = model.simpleNames().subList(1, model.simpleNames().size());
        return ClassName.get(model.packageName(), model.simpleNames().getFirst(),
                nested.toArray(String[]::new));
    }

    private static String classDoc(CDeclarations declarations) {
        return "The FFM binding of {@link $T}, generated by tvmbind: the native side implements\n"
                + "{@code " + declarations.headerFile() + "}.\n"
                + """

                <p>Each {@code load} returns an instance of a hidden copy of this class, linked to one
                library: its {@code static final} method handles are constants for the JIT, so a call
                costs what a hand-written downcall costs. Keep the binding in a {@code static final}
                field, as you would keep such handles. A binding may be called from many threads at
                once; unless the model is declared reentrant, its runs in one loaded library wait for
                each other (TVM's workspace is static memory), and {@code load(List)} spreads them
                over private copies of the library.
                """;
    }

    private static FieldSpec publicString(String name, String value, String doc) {
        return FieldSpec.builder(STRING, name, PUBLIC, STATIC, FINAL)
                .addJavadoc("$L\n", doc)
                .initializer("$S", value)
                .build();
    }

    /** {@code INFO}: the model as its interface describes it, for run-time inspection. */
    private static FieldSpec info(ModelSpec model, BindingNames names, TypeName iface) {
        List<CodeBlock> symbols = model.entryPoints().stream()
                .map(e -> CodeBlock.of("$N", names.symbol(e))).toList();
        List<CodeBlock> tensors = new ArrayList<>();
        for (Role role : Role.RUN_ARGUMENT_ORDER) {
            List<CodeBlock> ofRole = model.tensorEntryPoint().map(e -> e.params(role)).orElse(List.of())
                    .stream().map(p -> CodeBlock.of("$N.tensor()", names.tensor(p))).toList();
            tensors.add(ofRole.isEmpty() ? CodeBlock.of("new $T[0]", TENSOR_INFO)
                    : CodeBlock.of("new $T[] {$L}", TENSOR_INFO, CodeBlock.join(ofRole, ",$W")));
        }
        CodeBlock runSymbol = model.tensorEntryPoint().map(e -> CodeBlock.of("$N", names.symbol(e)))
                .orElse(CodeBlock.of("$S", ""));
        return FieldSpec.builder(MODEL_INFO, BindingNames.INFO, PUBLIC, STATIC, FINAL)
                .addJavadoc("""
                        What the interface declares of the model: its C names, and each tensor's name,
                        dtype, shape and size in bytes (empty or 0 where the interface does not say).
                        """)
                .initializer("new $T($T.class,$W$S,$W$S,$W$N,$Wnew $T[] {$L},$W$L,$W$LL,$W$L,$W$L)",
                        MODEL_INFO, iface, model.name().text(), model.prefix().text(), BindingNames.HEADER, STRING,
                        CodeBlock.join(symbols, ",$W"), runSymbol, model.workspaceSize(),
                        model.reentrant(), CodeBlock.join(tensors, ",$W"))
                .build();
    }

    /** A method handle, linked in each hidden copy's static initializer. */
    private static FieldSpec handle(EntryPointSpec entryPoint, BindingNames names) {
        CodeBlock descriptor = Layouts.descriptor(entryPoint);
        CodeBlock link = entryPoint.critical()
                ? CodeBlock.of("$N.criticalDowncall($Z$N,$W$L,$W$L)", BindingNames.LINKAGE,
                        names.symbol(entryPoint), descriptor, heapAccess(entryPoint))
                : CodeBlock.of("$N.downcall($Z$N,$W$L)", BindingNames.LINKAGE, names.symbol(entryPoint),
                        descriptor);
        return FieldSpec.builder(METHOD_HANDLE, names.handle(entryPoint), PRIVATE, STATIC, FINAL)
                .initializer(link)
                .build();
    }

    /** A critical call takes heap segments only when it passes arrays without copying them. */
    private static boolean heapAccess(EntryPointSpec entryPoint) {
        return !entryPoint.isTensor() && entryPoint.params().stream().anyMatch(p -> p.type().isArray());
    }

    private static MethodSpec loadFromLookup(TypeName iface) {
        return load(iface, SYMBOL_LOOKUP, "lookup", """
                Links every entry point to the symbols of {@code lookup}, which must stay usable
                as long as the binding is used.

                @param lookup where to find the symbols, e.g. {@code SymbolLookup.loaderLookup()}
                @return the binding
                @throws UnsatisfiedLinkError listing every symbol the lookup lacks, or when it
                    lacks the operators of the TVM output javac checked the model against
                """);
    }

    private static MethodSpec loadFromPath(TypeName iface) {
        return load(iface, PATH, "library", """
                Opens the shared library at {@code library} and links every entry point to it. The
                library is opened in an automatic arena that the binding holds: it stays loaded as
                long as the binding is reachable.

                @param library the shared library's file
                @return the binding
                @throws UnsatisfiedLinkError naming the path when the library cannot be loaded,
                    listing every symbol it lacks, or when it lacks the operators of the TVM
                    output javac checked the model against
                """);
    }

    /** {@code load(from)}: {@code BindingSupport.link} does the work for both. */
    private static MethodSpec load(TypeName iface, ClassName from, String parameter, String doc) {
        return MethodSpec.methodBuilder("load")
                .addJavadoc("$L", doc)
                .addModifiers(PUBLIC, STATIC)
                .returns(iface)
                .addParameter(from, parameter)
                .addStatement("return $T.link($T.lookup(), $T.class, $N, $N)", BINDING_SUPPORT,
                        METHOD_HANDLES, iface, BindingNames.INFO, parameter)
                .build();
    }

    /** The binding's {@code ModelProvider}: what makes the model known by name. */
    private static TypeSpec provider(ModelSpec model, String bindingName) {
        String qualified = (model.packageName().isEmpty() ? "" : model.packageName() + ".")
                + bindingName + "." + BindingNames.PROVIDER;
        return TypeSpec.classBuilder(BindingNames.PROVIDER)
                .addJavadoc("""
                        Makes the model known by name to {@code TvmLibrary.executor}: listed in
                        {@code META-INF/services/dev.tvmbind.ModelProvider} for the class path; a named
                        module provides it itself:
                        {@code provides dev.tvmbind.ModelProvider with $L;}
                        """, qualified)
                .addModifiers(PUBLIC, STATIC, FINAL)
                .addSuperinterface(MODEL_PROVIDER)
                .addMethod(MethodSpec.constructorBuilder()
                        .addJavadoc("Called by {@code ServiceLoader}.\n")
                        .addModifiers(PUBLIC)
                        .build())
                .addMethod(MethodSpec.methodBuilder("info")
                        .addAnnotation(OVERRIDE)
                        .addModifiers(PUBLIC)
                        .returns(MODEL_INFO)
                        .addStatement("return $N", BindingNames.INFO)
                        .build())
                .build();
    }
}
