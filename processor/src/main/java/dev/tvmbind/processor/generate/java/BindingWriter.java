package dev.tvmbind.processor.generate.java;

import static dev.tvmbind.processor.generate.java.BindingTypes.GENERATED;
import static dev.tvmbind.processor.generate.java.BindingTypes.METHOD_HANDLES;
import static dev.tvmbind.processor.generate.java.BindingTypes.MODEL_PROVIDER;
import static dev.tvmbind.processor.generate.java.BindingTypes.PATH;
import static dev.tvmbind.processor.generate.java.BindingTypes.STRING;
import static dev.tvmbind.processor.generate.java.BindingTypes.SYMBOL_LOOKUP;
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
import dev.tvmbind.contract.ModelContract;
import dev.tvmbind.contract.RuntimeContract;
import dev.tvmbind.processor.model.CDeclarations;
import dev.tvmbind.processor.model.EntryPointSpec;
import dev.tvmbind.processor.model.HiddenClasses;
import dev.tvmbind.processor.model.ModelSpec;
import java.util.List;

/**
 * Writes a model's FFM binding with JavaPoet: a final class with the model's constants, its
 * {@code INFO} and its {@code load} methods, whose nested class {@code Linked} implements the
 * interface with {@code static final} method handles ({@link LinkedWriter}). {@code load} hands
 * one library's symbols to that class, or to a hidden copy of it for another library, so that the
 * handles are constants for the JIT: a call compiles to what a hand-written
 * {@code static final MethodHandle} downcall compiles to, also where the JIT does not inline the
 * binding's method into its caller.
 */
public final class BindingWriter {
    /**
     * {@code @Generated}'s value: written out rather than {@code TvmBindProcessor.class.getName()}
     * so that the generators do not depend on the processor that calls them (a package cycle).
     */
    static final String PROCESSOR = "dev.tvmbind.processor.TvmBindProcessor";
    /** The simple name of the binding's nested {@code ModelProvider} class. */
    public static final String PROVIDER = "Provider";

    /** The binding, as JavaPoet holds it and as text. */
    public record Written(JavaFile file, String source) {}

    private BindingWriter() {}

    /** The binding's simple name: {@code CatSpotterBinding}, {@code Outer_InnerBinding}. */
    public static String simpleName(ModelSpec model) {
        return String.join("_", model.simpleNames()) + "Binding";
    }

    /**
     * The names {@code model}'s binding could not write, found before it is written: what
     * {@code validate/HiddenNames} decides on.
     */
    public static HiddenClasses hiddenClasses(ModelSpec model) {
        return BindingScope.of(model, simpleName(model)).hidden();
    }

    /**
     * The binding of {@code model}, which states {@code contract} and whose C names are
     * {@code declarations}; a model whose {@link #hiddenClasses} were refused never comes here.
     */
    public static Written write(ModelSpec model, ModelContract contract,
            CDeclarations declarations) {
        String name = simpleName(model);
        BindingScope scope = BindingScope.of(model, name);
        BindingNames names = new BindingNames(model, name, scope.named(), scope.viaCast());
        TypeName iface = interfaceType(model, scope);
        TypeSpec.Builder type = TypeSpec.classBuilder(name)
                .alwaysQualify(scope.qualified().toArray(String[]::new))
                .addJavadoc(classDoc(declarations), iface)
                .addModifiers(PUBLIC, FINAL);
        if (model.generatedAnnotation()) {
            type.addAnnotation(AnnotationSpec.builder(GENERATED)
                    .addMember("value", "$S", PROCESSOR).build());
        }
        type.addField(contract(name));
        type.addField(publicString(BindingNames.HEADER, declarations.headerFile(),
                CodeBlock.of("The C header that declares the model's entry points.")));
        for (EntryPointSpec entryPoint : model.entryPoints()) {
            type.addField(publicString(names.symbol(entryPoint), declarations.symbol(entryPoint),
                    CodeBlock.of("The C symbol of {@link $T#$L}.", iface, entryPoint.javaName())));
        }
        // The contract's tensors are the run function's tensor parameters, in their order.
        List<String> tensors = model.tensorEntryPoint().stream()
                .flatMap(run -> run.params().stream()).filter(p -> p.role().isTensor())
                .map(names::tensor).toList();
        for (int i = 0; i < tensors.size(); i++) {
            type.addField(TensorConstants.field(contract.tensors().get(i), tensors.get(i)));
        }
        type.addField(ModelInfoWriter.field(contract, tensors, iface));
        type.addField(registered(iface));
        type.addMethod(MethodSpec.constructorBuilder().addModifiers(PRIVATE).build());
        type.addMethod(loadFromLookup(iface));
        type.addMethod(loadFromPath(iface));
        CopiesWriter copies = new CopiesWriter(iface, names);
        type.addMethod(copies.load());
        type.addType(provider(model, name));
        type.addType(copies.copies(model));
        type.addType(LinkedWriter.linked(model, declarations, names, iface, name));
        JavaFile file = JavaFile.builder(model.packageName(), type.build())
                .skipJavaLangImports(true)
                .indent("    ")
                .build();
        String source = file.toString();
        NamedClasses.verify(source, scope.named(), String.join(".", model.packageName().isEmpty()
                ? List.of(model.simpleNames().getFirst())
                : List.of(model.packageName(), model.simpleNames().getFirst())));
        return new Written(file, source);
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

                <p>{@code load} returns the binding linked to one library: its {@code static final}
                method handles are constants for the JIT, so a call costs what a hand-written downcall
                costs. Keep the binding in a {@code static final} field, as you would keep such
                handles. The handles are linked here, with the native access of this class's module:
                run it with {@code --enable-native-access}. A binding may be called from many threads
                at once; unless the model is declared reentrant, its runs in one loaded library wait
                for each other (TVM's workspace is static memory), and {@code load(List)} spreads them
                over private copies of the library.
                """;
    }

    /**
     * The version of the runtime's contract this binding was generated for, checked by the first
     * code its class initialisation runs: before anything else of the runtime's internals is
     * called, a runtime of another release fails with one clear error.
     */
    static FieldSpec contract(String bindingName) {
        return FieldSpec.builder(TypeName.INT, BindingNames.CONTRACT, PRIVATE, STATIC, FINAL)
                .addJavadoc("The runtime's contract this binding was generated for, checked first.\n")
                .initializer("$L", RuntimeMembers.REQUIRE.call("$L,$W$N.class",
                        RuntimeContract.VERSION, bindingName))
                .build();
    }

    /**
     * Hands {@code INFO}, the provider and the three {@code load}s to the runtime as the class
     * initialises, so that {@code TvmModels} reaches them without reflection (and the model's
     * package needs no {@code exports} to the runtime).
     */
    private static FieldSpec registered(TypeName iface) {
        return FieldSpec.builder(TypeName.INT, BindingNames.REGISTERED, PRIVATE, STATIC, FINAL)
                .addJavadoc("What {@code TvmModels} and {@code TvmLibrary} use, handed over once.\n")
                .initializer("$L", RuntimeMembers.REGISTER.call("$T.lookup(),$W$T.class,$Wnew $T<>($N,"
                        + "$Wnew $N(),$Wlookup -> load(lookup),$Wlibrary -> load(library),$Wcopies"
                        + " -> load(copies))", METHOD_HANDLES, iface, BindingTypes.BINDING,
                        BindingNames.INFO, BindingNames.PROVIDER))
                .build();
    }

    private static FieldSpec publicString(String name, String value, CodeBlock doc) {
        return FieldSpec.builder(STRING, name, PUBLIC, STATIC, FINAL)
                .addJavadoc("$L\n", doc)
                .initializer("$S", value)
                .build();
    }

    private static MethodSpec loadFromLookup(TypeName iface) {
        return load(iface, SYMBOL_LOOKUP, "lookup", """
                Links every entry point to the symbols of {@code lookup}, which must stay usable
                as long as the binding is used.

                @param lookup where to find the symbols, e.g. {@code SymbolLookup.loaderLookup()}
                @return the binding
                @throws IllegalCallerException when the caller's module has no native access (the
                    lookup's answers are its choice)
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
                @throws IllegalCallerException when the caller's module has no native access (the
                    library's constructors run as it loads)
                @throws UnsatisfiedLinkError naming the path when the library cannot be loaded,
                    listing every symbol it lacks, or when it lacks the operators of the TVM
                    output javac checked the model against
                """);
    }

    /** {@code load(from)}: {@code Linking.link} does the work for both. */
    private static MethodSpec load(TypeName iface, ClassName from, String parameter, String doc) {
        return MethodSpec.methodBuilder("load")
                .addJavadoc("$L", doc)
                .addModifiers(PUBLIC, STATIC)
                .returns(iface)
                .addParameter(from, parameter)
                .addStatement("return $L", RuntimeMembers.LINK.call(
                        "$T.lookup(),$W$N.class,$W$N,$W$N", METHOD_HANDLES,
                        BindingNames.LINKED, BindingNames.INFO, parameter))
                .build();
    }

    /**
     * The binding's {@code ModelProvider}: what makes the model known by name. It offers the
     * model's description only: nothing that links or calls native code.
     */
    private static TypeSpec provider(ModelSpec model, String bindingName) {
        String qualified = (model.packageName().isEmpty() ? "" : model.packageName() + ".")
                + bindingName + "." + BindingNames.PROVIDER;
        return TypeSpec.classBuilder(BindingNames.PROVIDER)
                .addJavadoc("""
                        Makes the model known by name to {@code TvmLibrary.executor}: listed in
                        {@code META-INF/services/dev.tvmbind.runtime.ModelProvider} for the class path; a
                        named module provides it itself:
                        {@code provides dev.tvmbind.runtime.ModelProvider with $L;}
                        """, qualified)
                .addModifiers(PUBLIC, STATIC, FINAL)
                .superclass(MODEL_PROVIDER)
                .addMethod(MethodSpec.constructorBuilder()
                        .addJavadoc("Called by {@code ServiceLoader}.\n")
                        .addModifiers(PUBLIC)
                        .addStatement("super($N)", BindingNames.INFO)
                        .build())
                .build();
    }
}
