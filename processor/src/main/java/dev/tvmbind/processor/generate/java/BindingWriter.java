package dev.tvmbind.processor.generate.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import dev.tvmbind.processor.generate.c.Prototypes;
import dev.tvmbind.processor.model.EntryPointSpec;
import dev.tvmbind.processor.model.JavaType;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.naming.CNames;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;

/**
 * Writes a model's FFM binding: a final class implementing the interface whose method handles
 * are {@code static final} fields. Each {@code load} defines a hidden copy of the class with the
 * handles of one library as its class data, so that every copy's handles are constants for the
 * JIT: a call compiles to what a hand-written {@code static final MethodHandle} downcall
 * compiles to, also where the JIT does not inline the binding's method into its caller.
 */
public final class BindingWriter {
    static final ClassName BINDING_SUPPORT = ClassName.get("dev.tvmbind", "BindingSupport");
    static final ClassName SCRATCH_POOL = ClassName.get("dev.tvmbind", "ScratchPool");
    static final ClassName SCRATCH = ClassName.get("dev.tvmbind", "Scratch");
    static final ClassName TVM_EXCEPTION = ClassName.get("dev.tvmbind", "TvmException");
    private static final ClassName ARENA = ClassName.get("java.lang.foreign", "Arena");
    private static final ClassName LINKER = ClassName.get("java.lang.foreign", "Linker");
    private static final ClassName SYMBOL_LOOKUP = ClassName.get("java.lang.foreign", "SymbolLookup");
    private static final ClassName FUNCTION_DESCRIPTOR =
            ClassName.get("java.lang.foreign", "FunctionDescriptor");
    private static final ClassName METHOD_HANDLE = ClassName.get("java.lang.invoke", "MethodHandle");
    private static final ClassName METHOD_HANDLES = ClassName.get("java.lang.invoke", "MethodHandles");
    private static final ClassName PATH = ClassName.get("java.nio.file", "Path");

    /** The static fields that each hidden copy gets from its class data, after the handles. */
    static final String SCRATCH_FIELD = "SCRATCH";
    private static final String LIBRARY_FIELD = "LIBRARY";

    private BindingWriter() {}

    /** The binding's simple name: {@code CatSpotterBinding}, {@code Outer_InnerBinding}. */
    public static String simpleName(ModelSpec model) {
        return String.join("_", model.simpleNames()) + "Binding";
    }

    public static JavaFile write(ModelSpec model, Element originatingElement) {
        ClassName iface = ClassName.get(model.packageName(), model.simpleNames().getFirst(),
                model.simpleNames().subList(1, model.simpleNames().size()).toArray(String[]::new));
        ClassName binding = ClassName.get(model.packageName(), simpleName(model));
        Names names = Names.of(model, binding);

        TypeSpec.Builder type = TypeSpec.classBuilder(binding)
                .addOriginatingElement(originatingElement)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(iface)
                .addJavadoc(classDoc(model, iface));
        type.addField(constant("HEADER", CNames.headerFile(model.cModel()),
                "The C header that declares the model's entry points."));
        for (EntryPointSpec entryPoint : model.entryPoints()) {
            type.addField(constant(names.symbolConstant(entryPoint),
                    CNames.symbol(model.cModel(), entryPoint.function().text()),
                    "The C symbol of {@link #" + entryPoint.javaName() + "}."));
        }
        for (EntryPointSpec entryPoint : model.entryPoints()) {
            type.addField(FieldSpec.builder(FUNCTION_DESCRIPTOR, names.descriptor(entryPoint),
                            Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .initializer(descriptor(entryPoint))
                    .build());
        }
        addLinkedFields(type, model, names);
        type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        type.addMethod(loadFromLookup(iface));
        type.addMethod(loadFromPath(iface));
        type.addMethod(link(model, iface, names));
        CallWriter calls = new CallWriter(model, names);
        for (EntryPointSpec entryPoint : model.entryPoints()) {
            type.addMethod(calls.method(entryPoint));
        }
        return JavaFile.builder(model.packageName(), type.build())
                .skipJavaLangImports(true)
                .indent("    ")
                .build();
    }

    private static CodeBlock classDoc(ModelSpec model, ClassName iface) {
        return CodeBlock.builder()
                .add("The FFM binding of {@link $T}, generated by tvmbind. The native side implements\n",
                        iface)
                .add("{@code $L}.\n", CNames.headerFile(model.cModel()))
                .add("\n<p>Each {@code load} returns an instance of a hidden copy of this class whose\n")
                .add("{@code static final} method handles are those of one library: constants for the\n")
                .add("JIT, so a call costs what a hand-written downcall costs. Keep the binding in a\n")
                .add("{@code static final} field, as you would keep such handles. A binding may be\n")
                .add("called from many threads at once.\n")
                .build();
    }

    /**
     * The handles, the scratch pool and the library's arena: null in this class as loaded from
     * its file, the values of one {@code load} in each hidden copy.
     */
    private static void addLinkedFields(TypeSpec.Builder type, ModelSpec model, Names names) {
        CodeBlock.Builder init = CodeBlock.builder()
                .add("// Null in the class loaded from its file; one library's in each hidden copy.\n")
                .addStatement("Object[] linked = $T.classData($T.lookup())", BINDING_SUPPORT,
                        METHOD_HANDLES);
        int index = 0;
        for (EntryPointSpec entryPoint : model.entryPoints()) {
            addLinkedField(type, init, METHOD_HANDLE, names.handle(entryPoint), index++);
        }
        addLinkedField(type, init, SCRATCH_POOL, SCRATCH_FIELD, index++);
        addLinkedField(type, init, ARENA, LIBRARY_FIELD, index);
        type.addStaticBlock(init.build());
    }

    private static void addLinkedField(TypeSpec.Builder type, CodeBlock.Builder init, ClassName fieldType,
            String name, int index) {
        type.addField(fieldType, name, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL);
        init.addStatement("$N = linked == null ? null : ($T) linked[$L]", name, fieldType, index);
    }

    private static FieldSpec constant(String name, String value, String doc) {
        return FieldSpec.builder(String.class, name, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .initializer("$S", value)
                .addJavadoc(doc + "\n")
                .build();
    }

    private static CodeBlock descriptor(EntryPointSpec entryPoint) {
        List<CodeBlock> arguments = new ArrayList<>();
        if (entryPoint.isTensor()) {
            // The structs are in scratch memory: passed by address, see Passing.
            Prototypes.runArguments(entryPoint)
                    .forEach(role -> arguments.add(FfmTypes.layout(JavaType.LONG)));
        } else {
            entryPoint.params().forEach(p -> arguments.add(Passing.layout(entryPoint, p)));
        }
        CodeBlock list = CodeBlock.join(arguments, ", ");
        if (entryPoint.isTensor()) {
            return CodeBlock.of("$T.of($L, $L)", FUNCTION_DESCRIPTOR, FfmTypes.layout(JavaType.INT), list);
        }
        if (entryPoint.returnType() == JavaType.VOID) {
            return CodeBlock.of("$T.ofVoid($L)", FUNCTION_DESCRIPTOR, list);
        }
        return arguments.isEmpty()
                ? CodeBlock.of("$T.of($L)", FUNCTION_DESCRIPTOR, FfmTypes.layout(entryPoint.returnType()))
                : CodeBlock.of("$T.of($L, $L)", FUNCTION_DESCRIPTOR,
                        FfmTypes.layout(entryPoint.returnType()), list);
    }

    private static MethodSpec loadFromLookup(ClassName iface) {
        return MethodSpec.methodBuilder("load")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(iface)
                .addParameter(SYMBOL_LOOKUP, "lookup")
                .addJavadoc("""
                        Links every entry point to the symbols of {@code lookup}, which must stay usable as long
                        as the binding is used.

                        @param lookup where to find the symbols, e.g. {@code SymbolLookup.loaderLookup()}
                        @return the binding
                        @throws UnsatisfiedLinkError listing every symbol the lookup lacks
                        """)
                .addStatement("return link(lookup, null)")
                .build();
    }

    private static MethodSpec loadFromPath(ClassName iface) {
        return MethodSpec.methodBuilder("load")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(iface)
                .addParameter(PATH, "library")
                .addJavadoc("""
                        Opens the shared library at {@code library} and links every entry point to it. The
                        library is opened in an automatic arena that the binding holds: it stays loaded as
                        long as the binding is reachable.

                        @param library the shared library's file
                        @return the binding
                        @throws UnsatisfiedLinkError naming the path when the library cannot be loaded, or
                            listing every symbol it lacks
                        """)
                .addStatement("$T arena = $T.ofAuto()", ARENA, ARENA)
                .addStatement("return link($T.openLibrary(library, arena), arena)", BINDING_SUPPORT)
                .build();
    }

    private static MethodSpec link(ModelSpec model, ClassName iface, Names names) {
        CodeBlock.Builder symbols = CodeBlock.builder().add("$T.resolve(lookup, HEADER", BINDING_SUPPORT);
        model.entryPoints().forEach(e -> symbols.add(", $N", names.symbolConstant(e)));
        symbols.add(")");
        List<CodeBlock> linked = new ArrayList<>();
        linked.add(CodeBlock.of("$T.lookup()", METHOD_HANDLES));
        linked.add(CodeBlock.of("$T.class", iface));
        for (int i = 0; i < model.entryPoints().size(); i++) {
            EntryPointSpec entryPoint = model.entryPoints().get(i);
            linked.add(entryPoint.critical()
                    ? CodeBlock.of("$T.downcall(symbols[$L], $N, $T.Option.critical($L))",
                            BINDING_SUPPORT, i, names.descriptor(entryPoint), LINKER,
                            heapAccess(entryPoint))
                    : CodeBlock.of("$T.downcall(symbols[$L], $N)", BINDING_SUPPORT, i,
                            names.descriptor(entryPoint)));
        }
        linked.add(CodeBlock.of("new $T()", SCRATCH_POOL));
        linked.add(CodeBlock.of("library"));
        return MethodSpec.methodBuilder("link")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(iface)
                .addParameter(SYMBOL_LOOKUP, "lookup")
                .addParameter(ARENA, "library")
                .addStatement("$T[] symbols = $L", FfmTypes.MEMORY_SEGMENT, symbols.build())
                .addStatement("return $T.instantiate(\n$L)", BINDING_SUPPORT, CodeBlock.join(linked, ",\n"))
                .build();
    }

    /** A critical call takes heap segments only when it passes arrays without copying them. */
    private static boolean heapAccess(EntryPointSpec entryPoint) {
        return !entryPoint.isTensor() && entryPoint.params().stream().anyMatch(p -> p.type().isArray());
    }

    /**
     * The Java names the binding declares for each entry point: distinct, since function names
     * are unique in a model, and apart from each other by their prefixes.
     */
    record Names(ClassName binding, Map<EntryPointSpec, String> functions) {
        static Names of(ModelSpec model, ClassName binding) {
            Map<EntryPointSpec, String> functions = new IdentityHashMap<>();
            model.entryPoints().forEach(e -> functions.put(e, CNames.constant(e.function().text())));
            return new Names(binding, functions);
        }

        String handle(EntryPointSpec entryPoint) {
            return "HANDLE_" + functions.get(entryPoint);
        }

        String descriptor(EntryPointSpec entryPoint) {
            return "DESCRIPTOR_" + functions.get(entryPoint);
        }

        String symbolConstant(EntryPointSpec entryPoint) {
            return "SYMBOL_" + functions.get(entryPoint);
        }
    }
}
