package dev.tvmbind.processor.generate.java;

import static dev.tvmbind.processor.generate.java.BindingTypes.FFI_CALLBACK;
import static dev.tvmbind.processor.generate.java.BindingTypes.FFI_CONTAINER;
import static dev.tvmbind.processor.generate.java.BindingTypes.FFI_FUNCTION;
import static dev.tvmbind.processor.generate.java.BindingTypes.FFI_LIBRARY;
import static dev.tvmbind.processor.generate.java.BindingTypes.FFI_VALUES;
import static dev.tvmbind.processor.generate.java.BindingTypes.GENERATED;
import static dev.tvmbind.processor.generate.java.BindingTypes.LINKAGE;
import static dev.tvmbind.processor.generate.java.BindingTypes.LIST;
import static dev.tvmbind.processor.generate.java.BindingTypes.MEMORY_SEGMENT;
import static dev.tvmbind.processor.generate.java.BindingTypes.METHOD_HANDLE;
import static dev.tvmbind.processor.generate.java.BindingTypes.METHOD_HANDLES;
import static dev.tvmbind.processor.generate.java.BindingTypes.PATH;
import static dev.tvmbind.processor.generate.java.BindingTypes.SCRATCH_POOL;
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
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.tvmbind.contract.CNames;
import dev.tvmbind.contract.FfiType;
import dev.tvmbind.processor.model.FfiSpec;
import dev.tvmbind.processor.model.ScopeMember;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Writes the binding of a {@code @TvmFfi} interface: {@code load} resolves every
 * {@code __tvm_ffi_<name>} at once, and the nested {@code Linked} class calls each through
 * {@code static final} method handles, packing the arguments as {@code TVMFFIAny} in the thread's
 * scratch memory ({@code FfiValues}), so that a call allocates nothing. Classes are imported and
 * written in full only where a member of the interface would hide them.
 */
public final class FfiBindingWriter {
    private FfiBindingWriter() {}

    /** The classes of java.lang a binding names. */
    private static final List<String> JAVA_LANG = List.of("String", "Object", "Throwable",
            "Override", "SuppressWarnings", "Long", "Integer", "Short", "Byte", "Double", "Float",
            "Boolean");
    /** Every other class a binding may name, by package root. */
    private static final List<ClassName> NAMED = List.of(BindingTypes.FFI_LINKING,
            FFI_LIBRARY, FFI_VALUES, FFI_CONTAINER, FFI_CALLBACK, BindingTypes.FFI_TENSOR,
            FFI_FUNCTION, LINKAGE, SCRATCH_POOL, BindingTypes.SCRATCH, BindingTypes.ARGUMENTS,
            BindingTypes.UTF8, BindingTypes.FOREIGN_STATICS, BindingTypes.CONTRACT,
            FfiTypeCode.FFI_TYPE, FfiTypeCode.FUNCTION_CONTRACT, MEMORY_SEGMENT, SYMBOL_LOOKUP,
            METHOD_HANDLE, METHOD_HANDLES, PATH, LIST, BindingTypes.REFERENCE, GENERATED,
            ClassName.get("java.util", "Optional"), ClassName.get("java.util", "Map"),
            ClassName.get("java.math", "BigInteger"),
            ClassName.get("dev.tvmbind.runtime.ffi", "DLDevice"),
            ClassName.get("dev.tvmbind.runtime.ffi", "DLDataType"),
            ClassName.get("dev.tvmbind.runtime.ffi", "FfiObject"),
            ClassName.get("dev.tvmbind.runtime.ffi", "FfiModule"), BindingTypes.FFI_TENSOR_CHECK,
            FfiTypeCode.TENSOR_SHAPE, FfiTypeCode.DTYPE, BindingTypes.RELAX_BINDING,
            BindingTypes.RELAX_OPTIONS);

    /** The simple names and package roots a binding's code may write, which no local takes. */
    static final Set<String> WRITTEN = Stream.of(JAVA_LANG.stream(),
            NAMED.stream().map(c -> c.topLevelClassName().simpleName()),
            Stream.of("dev", "java", "javax")).flatMap(s -> s)
            .collect(Collectors.toCollection(TreeSet::new));

    /**
     * The simple names written in full: a member's (in Linked it means the member), and
     * java.lang's where a type of the package takes it. The rest are imported.
     */
    static Set<String> qualified(FfiSpec spec) {
        Set<String> qualified = new TreeSet<>();
        spec.members().forEach(m -> qualified.add(m.name()));
        JAVA_LANG.stream().filter(spec.packageTypeNames()::contains).forEach(qualified::add);
        return qualified;
    }

    /**
     * What no spelling reaches in the binding: a member type named like the first part of the
     * package of a class whose simple name is written in full.
     *
     * @return each such member, with the classes it hides
     */
    public static Map<ScopeMember, List<String>> unreachable(FfiSpec spec) {
        Set<String> qualified = qualified(spec);
        Map<ScopeMember, List<String>> hidden = new LinkedHashMap<>();
        for (ScopeMember member : spec.members()) {
            if (!member.type()) {
                continue;
            }
            List<String> classes = new ArrayList<>();
            JAVA_LANG.stream().filter(qualified::contains).filter(n -> member.name()
                    .equals("java")).forEach(n -> classes.add("java.lang." + n));
            NAMED.stream().filter(c -> qualified.contains(c.simpleName())
                    && c.packageName().split("\\.", 2)[0].equals(member.name()))
                    .forEach(c -> classes.add(c.canonicalName()));
            if (!classes.isEmpty()) {
                hidden.put(member, classes);
            }
        }
        return hidden;
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
        // Linked inherits the interface's members: no field of the binding takes their names.
        spec.members().forEach(m -> fields.newName(m.name()));
        for (String fixed : List.of("CONTRACT", "FUNCTIONS", "INFO", "LINKAGE", "FFI",
                "SCRATCH")) {
            fields.newName(fixed);
        }
        TypeSpec.Builder type = TypeSpec.classBuilder(name)
                .addModifiers(PUBLIC, FINAL)
                .alwaysQualify(qualified(spec).toArray(String[]::new))
                .addJavadoc("The binding of {@link $T}, generated by tvmbind: each method calls the"
                        + " function\nits library exports through TVM's FFI.\n", iface);
        if (spec.generatedAnnotation()) {
            type.addAnnotation(AnnotationSpec.builder(GENERATED).addMember("value", "$S",
                    BindingWriter.PROCESSOR).build());
        }
        type.addField(BindingWriter.contract(name));
        List<String> symbolFields = new ArrayList<>();
        for (FfiSpec.Function function : spec.functions()) {
            String field = fields.newName((function.global() ? "GLOBAL_" : "SYMBOL_")
                    + CNames.constant(function.name().replaceAll("[^A-Za-z0-9_]", "_")), function);
            symbolFields.add(field);
            type.addField(FieldSpec.builder(String.class, field, PUBLIC, STATIC, FINAL)
                    .addJavadoc(function.global()
                            ? "The key of {@link $T#$L}: {@code global:} and its name in TVM's global registry.\n"
                            : "The symbol of {@link $T#$L}.\n", iface, function.javaName())
                    .initializer(FfiTypeCode.literal(function.symbol())).build());
        }
        type.addField(functionsField(spec, "Each function: its method, what it calls and its"
                + " types, compared at load with the schema its\nlibrary exports, if any.\n"));
        type.addField(infoField(iface, "what it calls"));
        type.addMethod(MethodSpec.constructorBuilder().addModifiers(PRIVATE).build());
        type.addMethod(MethodSpec.methodBuilder("functions")
                .addJavadoc("The functions of a loaded binding, each with the schema its library"
                        + " exported if the load\ncompared one: which functions were checked.\n\n"
                        + "@param binding what {@code load} returned\n@return one per function,"
                        + " as {@link #INFO} orders them\n")
                .addModifiers(PUBLIC, STATIC)
                .returns(ParameterizedTypeName.get(LIST, FFI_FUNCTION))
                .addParameter(iface, "binding")
                .addStatement("return $L", RuntimeMembers.LOADED.call("$T.lookup(), binding",
                        METHOD_HANDLES))
                .build());
        type.addMethod(load(iface, PATH, "library", "Opens the shared library at {@code library}"
                + " (loaded for the process's life, as\ntvm-ffi keeps a library) and resolves every"
                + " function.\n"));
        type.addMethod(load(iface, SYMBOL_LOOKUP, "lookup", "Resolves every function in"
                + " {@code lookup}, which must stay usable while the binding is\nused.\n"));
        type.addType(linked(spec, iface, symbolFields, fields, type));
        return JavaFile.builder(spec.packageName(), type.build()).skipJavaLangImports(true)
                .indent("    ").build();
    }

    /** {@code FUNCTIONS}: each function's contract, as the binding states it. */
    static FieldSpec functionsField(FfiSpec spec, String doc) {
        return FieldSpec.builder(ParameterizedTypeName.get(LIST, FfiTypeCode.FUNCTION_CONTRACT),
                "FUNCTIONS", PRIVATE, STATIC, FINAL)
                .addJavadoc(doc)
                .initializer("$T.of(\n$L)", LIST, CodeBlock.join(spec.functions().stream()
                        .map(f -> FfiTypeCode.stated(f.contract())).toList(), ",\n"))
                .build();
    }

    /** {@code INFO}: each function's public description, read from {@code FUNCTIONS}. */
    static FieldSpec infoField(ClassName iface, String calls) {
        return FieldSpec.builder(ParameterizedTypeName.get(LIST, FFI_FUNCTION), "INFO", PUBLIC,
                STATIC, FINAL)
                .addJavadoc("Each function of {@link $T}: its method and " + calls + ".\n", iface)
                .initializer("$L", RuntimeMembers.DECLARED.call("FUNCTIONS"))
                .build();
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
                .addStatement("return $L", RuntimeMembers.FFI_LINK.call("$T.lookup(), Linked.class,"
                        + " $T.class, FUNCTIONS, $N", METHOD_HANDLES, iface, parameter))
                .build();
    }

    /**
     * The class implementing the interface, and so inheriting its members: code in it reaches a
     * class whose simple name and package a member both hide through a cast
     * ({@code ((pkg.Class) null).member}, a type context no constant hides); the converters it
     * uses are fields of the binding, where no member is in scope.
     */
    private static TypeSpec linked(FfiSpec spec, ClassName iface, List<String> symbolFields,
            NameAllocator fields, TypeSpec.Builder binding) {
        Set<String> members = new HashSet<>();
        spec.members().forEach(m -> members.add(m.name()));
        boolean[] cast = {false};
        Function<ClassName, CodeBlock> owner = c -> {
            if (members.contains(c.topLevelClassName().simpleName())
                    && members.contains(c.packageName().split("\\.", 2)[0])) {
                cast[0] = true;
                return CodeBlock.of("(($T) null)", c);
            }
            return CodeBlock.of("$T", c);
        };
        TypeSpec.Builder linked = TypeSpec.classBuilder("Linked")
                .addModifiers(PRIVATE, STATIC, FINAL)
                .addSuperinterface(iface)
                .addField(FieldSpec.builder(LINKAGE, "LINKAGE", PRIVATE, STATIC, FINAL)
                        .initializer("$L.of($L.lookup())", owner.apply(LINKAGE),
                                owner.apply(METHOD_HANDLES)).build())
                .addField(FieldSpec.builder(FFI_LIBRARY, "FFI", PRIVATE, STATIC, FINAL)
                        .initializer("$L", RuntimeMembers.FFI.on("LINKAGE", "")).build())
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
                        .initializer("$L", RuntimeMembers.SELF.on("LINKAGE", "$N",
                                symbolFields.get(i))).build());
            } else {
                selves.add(null);
            }
        }
        linked.addMethod(MethodSpec.constructorBuilder().addModifiers(PRIVATE).build());
        // Each converted type's converter and each callback type's: a field per type, made on
        // first use.
        Map<FfiType, String> containers = new LinkedHashMap<>();
        Function<FfiType, String> container = type -> containers.computeIfAbsent(type, t -> {
            String field = fields.newName("TYPE_" + t.javaName().replaceAll("[^A-Za-z0-9]+", "_")
                    .replaceAll("_$", "").toUpperCase(Locale.ROOT));
            binding.addField(FieldSpec.builder(FFI_CONTAINER, field, PRIVATE, STATIC, FINAL)
                    .initializer("$L", RuntimeMembers.CONTAINER_OF.call("$L",
                            FfiTypeCode.stated(t))).build());
            return field;
        });
        Map<FfiType.Callback, String> callbackFields = new LinkedHashMap<>();
        Function<FfiType.Callback, String> callback = type -> callbackFields.computeIfAbsent(
                type, c -> {
                    String field = fields.newName("CALLBACK_" + CNames.constant(
                            c.javaName() + "_" + c.method()));
                    binding.addField(callbackField(c, field));
                    return field;
                });
        for (int i = 0; i < spec.functions().size(); i++) {
            String shapes = null;
            if (spec.functions().get(i).contract().shaped()) {
                // The function's declared tensors, checked around each call.
                shapes = fields.newName("SHAPES_" + symbolFields.get(i).substring(
                        symbolFields.get(i).indexOf('_') + 1));
                binding.addField(FieldSpec.builder(BindingTypes.FFI_TENSOR_CHECK, shapes, PRIVATE,
                        STATIC, FINAL).initializer("$L", RuntimeMembers.TENSOR_CHECK_OF.call(
                                "FUNCTIONS.get($L)", i)).build());
            }
            linked.addMethod(FfiCallWriter.method(spec.functions().get(i), symbolFields.get(i),
                    handles.get(i), selves.get(i), container, callback, outerNames(spec), owner,
                    shapes));
        }
        linked.addMethod(MethodSpec.methodBuilder("downcall")
                .addJavadoc("Links an exported function, with the native access of this class's"
                        + " module.\n")
                .addAnnotation(AnnotationSpec.builder(SuppressWarnings.class)
                        .addMember("value", "$S", "restricted").build())
                .addModifiers(PRIVATE, STATIC)
                .returns(METHOD_HANDLE)
                .addParameter(String.class, "symbol")
                .addStatement("$T address = $L", MEMORY_SEGMENT,
                        RuntimeMembers.ADDRESS.on("LINKAGE", "symbol"))
                .addStatement("return address == null ? null\n: $L.downcallHandle(address, $L.$N)",
                        RuntimeMembers.NATIVE_LINKER.call(owner, ""), owner.apply(FFI_VALUES),
                        RuntimeMembers.SAFE_CALL.name())
                .build());
        if (cast[0]) {
            linked.addAnnotation(AnnotationSpec.builder(SuppressWarnings.class)
                    .addMember("value", "{$S, $S}", "static", "static-access").build());
        }
        return linked.build();
    }

    /** The outermost simple names of the interface and of the callbacks its methods name. */
    private static Set<String> outerNames(FfiSpec spec) {
        Set<String> names = new TreeSet<>(List.of(spec.simpleNames().getFirst()));
        for (FfiSpec.Function function : spec.functions()) {
            List<FfiType> types = new ArrayList<>(List.of(function.result()));
            function.parameters().forEach(p -> types.add(p.type()));
            for (FfiType t : types) {
                FfiType held = t instanceof FfiType.OptionalOf o ? o.element() : t;
                if (held instanceof FfiType.Callback c) {
                    names.add(ClassName.bestGuess(c.name()).topLevelClassName().simpleName());
                }
            }
        }
        return names;
    }

    /**
     * A callback type's converter, with the typed call of its Java method,
     * {@code (target, arguments) -> ((Scorer) target).score((Long) arguments[0])}, and the
     * interface over a function a library returned,
     * {@code function -> (Scorer) (a0) -> (Long) function.call(a0)}.
     */
    private static FieldSpec callbackField(FfiType.Callback type, String field) {
        List<CodeBlock> arguments = new ArrayList<>();
        for (int i = 0; i < type.parameters().size(); i++) {
            arguments.add(cast(type.parameters().get(i), CodeBlock.of("arguments[$L]", i)));
        }
        TypeName callbackType = FfiTypeCode.javaType(type);
        CodeBlock call = CodeBlock.of("(($T) target).$N($L)", callbackType, type.method(),
                CodeBlock.join(arguments, ", "));
        CodeBlock lambda = type.result() == FfiType.Plain.VOID
                ? CodeBlock.of("(target, arguments) -> {\n$L;\nreturn null;\n}", call)
                : CodeBlock.of("(target, arguments) -> $L", call);
        List<CodeBlock> held = new ArrayList<>();
        for (int i = 0; i < type.parameters().size(); i++) {
            held.add(CodeBlock.of("a$L", i));
        }
        CodeBlock forward = CodeBlock.of("function.call($L)", CodeBlock.join(held, ", "));
        CodeBlock wrapper = CodeBlock.of("function -> ($T) ($L) -> $L", callbackType,
                CodeBlock.join(held, ", "), type.result() == FfiType.Plain.VOID
                        ? CodeBlock.of("{\n$L;\n}", forward)
                        : cast(type.result(), forward));
        return FieldSpec.builder(FFI_CALLBACK, field, PRIVATE, STATIC, FINAL)
                .addAnnotation(AnnotationSpec.builder(SuppressWarnings.class)
                        .addMember("value", "$S", "unchecked").build())
                .initializer("$L", RuntimeMembers.CALLBACK_OF.call("$L, $L,\n$L",
                        FfiTypeCode.stated(type), lambda, wrapper))
                .build();
    }

    /** An {@code Object} as {@code type}'s boxed Java type: no cast for {@code Object} itself. */
    private static CodeBlock cast(FfiType type, CodeBlock value) {
        TypeName boxed = FfiTypeCode.javaType(type).box();
        return boxed.equals(ClassName.OBJECT) ? value : CodeBlock.of("($T) $L", boxed, value);
    }
}
