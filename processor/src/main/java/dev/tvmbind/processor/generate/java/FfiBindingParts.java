package dev.tvmbind.processor.generate.java;

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
import static dev.tvmbind.processor.generate.java.BindingTypes.SYMBOL_LOOKUP;
import static javax.lang.model.element.Modifier.FINAL;
import static javax.lang.model.element.Modifier.PRIVATE;
import static javax.lang.model.element.Modifier.PUBLIC;
import static javax.lang.model.element.Modifier.STATIC;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import dev.tvmbind.processor.model.FfiSpec;
import dev.tvmbind.processor.model.ScopeMember;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What the bindings of {@code @TvmFfi} and {@code @TvmRelax} interfaces share: their name, the
 * classes they name and how a member of the interface can hide one, and the fields that state
 * their functions ({@code FUNCTIONS}) and describe them ({@code INFO}).
 */
public final class FfiBindingParts {
    private FfiBindingParts() {}

    /** The classes of java.lang a binding names. */
    private static final List<String> JAVA_LANG = List.of("String", "Object", "Throwable",
            "Override", "SuppressWarnings", "Long", "Integer", "Short", "Byte", "Double", "Float",
            "Boolean");
    /** Every other class a binding may name, by package root. */
    private static final List<ClassName> NAMED = List.of(BindingTypes.FFI_LINKING,
            FFI_LIBRARY, FFI_VALUES, BindingTypes.FFI_OPTIONALS, FFI_CONTAINER,
            BindingTypes.FFI_CALLBACK, BindingTypes.FFI_TENSOR,
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
            FfiTypeCode.TENSOR_SHAPE, FfiTypeCode.DTYPE, FfiTypeCode.DEVICE_TYPE,
            BindingTypes.RELAX_BINDING,
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

    /** The interface a binding implements, nested names and all. */
    static ClassName iface(FfiSpec spec) {
        return ClassName.get(spec.packageName(), spec.simpleNames().getFirst(),
                spec.simpleNames().subList(1, spec.simpleNames().size()).toArray(String[]::new));
    }

    /**
     * The binding class as both kinds begin it: public and final, the names a member hides
     * written in full, its javadoc ({@code doc}, {@code $T} the interface), {@code @Generated}
     * where it can be written, and the runtime contract it was generated for.
     */
    static TypeSpec.Builder bindingClass(FfiSpec spec, String doc) {
        String name = simpleName(spec);
        TypeSpec.Builder type = TypeSpec.classBuilder(name)
                .addModifiers(PUBLIC, FINAL)
                .alwaysQualify(qualified(spec).toArray(String[]::new))
                .addJavadoc(doc, iface(spec));
        if (spec.generatedAnnotation()) {
            type.addAnnotation(AnnotationSpec.builder(GENERATED).addMember("value", "$S",
                    BindingWriter.PROCESSOR).build());
        }
        return type.addField(BindingWriter.contract(name));
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
}
