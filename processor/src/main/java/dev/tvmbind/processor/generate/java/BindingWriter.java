package dev.tvmbind.processor.generate.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeSpec;
import dev.tvmbind.processor.generate.c.Prototypes;
import dev.tvmbind.processor.model.EntryPointSpec;
import dev.tvmbind.processor.model.JavaType;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.ParamSpec;
import dev.tvmbind.processor.naming.CNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;

/**
 * Writes a model's FFM binding: a record implementing the interface, whose one component holds
 * the linked method handles in a nested record. Records' final fields are trusted by HotSpot, so
 * when the binding sits in a {@code static final} field every handle is a constant and a call
 * compiles to what a hand-written {@code static final MethodHandle} downcall compiles to.
 */
public final class BindingWriter {
    static final ClassName BINDING_SUPPORT = ClassName.get("dev.tvmbind", "BindingSupport");
    static final ClassName SCRATCH_POOL = ClassName.get("dev.tvmbind", "ScratchPool");
    static final ClassName SCRATCH = ClassName.get("dev.tvmbind", "Scratch");
    static final ClassName TVM_EXCEPTION = ClassName.get("dev.tvmbind", "TvmException");
    private static final ClassName ARENA = ClassName.get("java.lang.foreign", "Arena");
    private static final ClassName SYMBOL_LOOKUP = ClassName.get("java.lang.foreign", "SymbolLookup");
    private static final ClassName FUNCTION_DESCRIPTOR =
            ClassName.get("java.lang.foreign", "FunctionDescriptor");
    private static final ClassName LINKER = ClassName.get("java.lang.foreign", "Linker");
    private static final ClassName METHOD_HANDLE = ClassName.get("java.lang.invoke", "MethodHandle");
    private static final ClassName PATH = ClassName.get("java.nio.file", "Path");
    private static final ClassName OBJECTS = ClassName.get("java.util", "Objects");

    private BindingWriter() {}

    /** The binding's simple name: {@code CatSpotterBinding}, {@code Outer_InnerBinding}. */
    public static String simpleName(ModelSpec model) {
        return String.join("_", model.simpleNames()) + "Binding";
    }

    public static JavaFile write(ModelSpec model, Element originatingElement) {
        ClassName iface = ClassName.get(model.packageName(), model.simpleNames().getFirst(),
                model.simpleNames().subList(1, model.simpleNames().size()).toArray(String[]::new));
        ClassName binding = ClassName.get(model.packageName(), simpleName(model));
        ClassName handlesType = binding.nestedClass("Handles");
        String handles = model.entryPoints().stream().anyMatch(e -> e.javaName().equals("handles")
                && e.params().isEmpty()) ? "linkedHandles" : "handles";
        Names names = Names.of(model);

        TypeSpec.Builder type = TypeSpec.recordBuilder(binding)
                .addOriginatingElement(originatingElement)
                .addModifiers(Modifier.PUBLIC)
                .addSuperinterface(iface)
                .addJavadoc(classDoc(model, iface))
                .recordConstructor(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PUBLIC)
                        .addParameter(handlesType, handles)
                        .build())
                .addMethod(MethodSpec.compactConstructorBuilder()
                        .addModifiers(Modifier.PUBLIC)
                        .addStatement("$T.requireNonNull($N, $S)", OBJECTS, handles, handles)
                        .build());
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
        type.addMethod(loadFromLookup(iface, binding));
        type.addMethod(loadFromPath(iface, binding));
        type.addMethod(link(model, handlesType, names));
        CallWriter calls = new CallWriter(model, handles, names);
        for (EntryPointSpec entryPoint : model.entryPoints()) {
            type.addMethod(calls.method(entryPoint));
        }
        type.addType(handlesRecord(model, handlesType, names));
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
                .add("\n<p>Load it once and keep it in a {@code static final} field: its method handles then\n")
                .add("become constants for the JIT, and a call costs what a hand-written downcall costs.\n")
                .add("A binding may be called from many threads at once.\n")
                .add("\n@param handles the linked entry points\n")
                .build();
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

    private static MethodSpec loadFromLookup(ClassName iface, ClassName binding) {
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
                .addStatement("return new $T(link(lookup, null))", binding)
                .build();
    }

    private static MethodSpec loadFromPath(ClassName iface, ClassName binding) {
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
                .addStatement("return new $T(link($T.openLibrary(library, arena), arena))", binding,
                        BINDING_SUPPORT)
                .build();
    }

    private static MethodSpec link(ModelSpec model, ClassName handlesType, Names names) {
        CodeBlock.Builder symbols = CodeBlock.builder().add("$T.resolve(lookup, HEADER", BINDING_SUPPORT);
        model.entryPoints().forEach(e -> symbols.add(", $N", names.symbolConstant(e)));
        symbols.add(")");
        List<CodeBlock> handles = new ArrayList<>();
        for (int i = 0; i < model.entryPoints().size(); i++) {
            EntryPointSpec entryPoint = model.entryPoints().get(i);
            handles.add(entryPoint.critical()
                    ? CodeBlock.of("$T.downcall(symbols[$L], $N, $T.Option.critical($L))",
                            BINDING_SUPPORT, i, names.descriptor(entryPoint), LINKER,
                            heapAccess(entryPoint))
                    : CodeBlock.of("$T.downcall(symbols[$L], $N)", BINDING_SUPPORT, i,
                            names.descriptor(entryPoint)));
        }
        handles.add(CodeBlock.of("new $T()", SCRATCH_POOL));
        handles.add(CodeBlock.of("library"));
        return MethodSpec.methodBuilder("link")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(handlesType)
                .addParameter(SYMBOL_LOOKUP, "lookup")
                .addParameter(ARENA, "library")
                .addStatement("$T[] symbols = $L", FfmTypes.MEMORY_SEGMENT, symbols.build())
                .addStatement("return new $T(\n$L)", handlesType,
                        CodeBlock.join(handles, ",\n"))
                .build();
    }

    /** A critical call takes heap segments only when it passes arrays without copying them. */
    private static boolean heapAccess(EntryPointSpec entryPoint) {
        return !entryPoint.isTensor() && entryPoint.params().stream().anyMatch(p -> p.type().isArray());
    }

    private static TypeSpec handlesRecord(ModelSpec model, ClassName handlesType, Names names) {
        MethodSpec.Builder constructor = MethodSpec.constructorBuilder();
        for (EntryPointSpec entryPoint : model.entryPoints()) {
            constructor.addParameter(METHOD_HANDLE, names.handle(entryPoint));
        }
        constructor.addParameter(SCRATCH_POOL, names.scratchPool());
        constructor.addParameter(ParameterSpec.builder(ARENA, names.library()).build());
        return TypeSpec.recordBuilder(handlesType)
                .addModifiers(Modifier.PRIVATE)
                .addJavadoc("""
                        The linked entry points, the scratch memory of their calls, and the arena of the
                        library they live in (null when linked from a lookup). A record, so that the JIT
                        trusts its final fields.
                        """)
                .recordConstructor(constructor.build())
                .build();
    }

    /** The Java names the binding declares for each entry point, free of clashes. */
    record Names(Map<EntryPointSpec, String> handles, Map<EntryPointSpec, String> descriptors,
            Map<EntryPointSpec, String> symbols, String scratchPool, String library) {
        static Names of(ModelSpec model) {
            NameAllocator handleNames = new NameAllocator();
            String scratch = handleNames.newName("scratch");
            String library = handleNames.newName("library");
            Map<EntryPointSpec, String> handles = new LinkedHashMap<>();
            Map<EntryPointSpec, String> descriptors = new LinkedHashMap<>();
            Map<EntryPointSpec, String> symbols = new LinkedHashMap<>();
            for (EntryPointSpec entryPoint : model.entryPoints()) {
                String function = entryPoint.function().text();
                handles.put(entryPoint, handleNames.newName(function));
                descriptors.put(entryPoint, "DESCRIPTOR_" + CNames.constant(function));
                symbols.put(entryPoint, "SYMBOL_" + CNames.constant(function));
            }
            return new Names(handles, descriptors, symbols, scratch, library);
        }

        String handle(EntryPointSpec entryPoint) {
            return handles.get(entryPoint);
        }

        String descriptor(EntryPointSpec entryPoint) {
            return descriptors.get(entryPoint);
        }

        String symbolConstant(EntryPointSpec entryPoint) {
            return symbols.get(entryPoint);
        }
    }
}
