package dev.tvmbind.processor.describe;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.tvmbind.DType;
import dev.tvmbind.contract.RelaxLibraryCheck;
import dev.tvmbind.contract.RelaxLibraryFacts;
import dev.tvmbind.contract.RelaxType;
import dev.tvmbind.processor.generate.JavadocText;
import dev.tvmbind.processor.generate.java.FfiTypeCode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.Modifier;

/**
 * Writes the {@code @TvmRelax} interface of a Relax library as it describes itself ({@link
 * RelaxLibraryFacts}): a method per function with its parameters' names, kinds, dtypes and shapes
 * from the executable's annotations. A result the library does not annotate (TVM records it only
 * where it checks it at run time) is {@code Object}, said in the method's javadoc; a parameter
 * whose annotation was not recognised is an unshaped {@code Tensor}, said too; a function taking
 * what a method cannot pass (a tuple) is left out, said in the interface's javadoc. Nothing is
 * guessed.
 */
public final class RelaxInterfaceWriter {
    private static final String DSL = "dev.tvmbind";
    private static final ClassName TENSOR = ClassName.get("dev.tvmbind.runtime.ffi", "Tensor");

    private RelaxInterfaceWriter() {}

    /**
     * The interface.
     *
     * @param facts what the library says
     * @param simpleName the interface's name
     * @param packageName its package ("" for none)
     * @param library the library as the user named it, for the javadoc
     */
    static Described write(RelaxLibraryFacts facts, String simpleName, String packageName,
            String library) {
        List<String> warnings = new ArrayList<>();
        List<String> left = new ArrayList<>();
        TypeSpec.Builder type = TypeSpec.interfaceBuilder(simpleName)
                .addModifiers(Modifier.PUBLIC)
                .addSuperinterface(AutoCloseable.class)
                .addAnnotation(ClassName.get(DSL, "TvmRelax"));
        Set<String> methods = new HashSet<>(Set.of("close"));
        for (RelaxLibraryFacts.Function function : facts.functions().values()) {
            Optional<String> unsupported = unsupported(function);
            if (unsupported.isPresent()) {
                left.add(function.name() + " (" + unsupported.get() + ")");
                warnings.add("left out Relax function '" + function.name() + "': "
                        + unsupported.get());
                continue;
            }
            if (function.unrecognised()) {
                warnings.add("the library's annotations of Relax function '" + function.name()
                        + "' were not all recognised: those values are written untyped");
            }
            type.addMethod(method(function, methods));
        }
        type.addMethod(MethodSpec.methodBuilder("close").addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
                .addJavadoc("Releases the library's VMs once the calls running returned.\n").build());
        StringBuilder doc = new StringBuilder("The Relax functions of " + JavadocText.code(library)
                + ", described by {@code tvmbind describe} from the library itself: names and"
                + " parameters from TVM's VM, dtypes and shapes from the annotations its checks"
                + " carry (the executable's {@code stats}).\n");
        if (!left.isEmpty()) {
            doc.append("\n<p>Left out: ").append(JavadocText.of(String.join(", ", left)))
                    .append(".\n");
        }
        type.addJavadoc("$L", InterfaceWriter.wrap(doc.toString()));
        return new Described(Source.of(JavaFile.builder(packageName, type.build()).indent("    ")
                .skipJavaLangImports(true).build()), warnings);
    }

    /** Why a method cannot take a function's parameters, if it cannot. */
    private static Optional<String> unsupported(RelaxLibraryFacts.Function function) {
        for (int i = 0; i < function.parameters().size(); i++) {
            RelaxType parameter = function.parameters().get(i);
            if (parameter instanceof RelaxType.Tuple || parameter instanceof RelaxType.Prim p
                    && p.dtype().equals("bool")) {
                return Optional.of("parameter " + function.parameterNames().get(i) + " is "
                        + parameter.text() + ", which a @TvmRelax method cannot pass");
            }
        }
        return Optional.empty();
    }

    private static MethodSpec method(RelaxLibraryFacts.Function function, Set<String> methods) {
        String javaName = JavaNames.member(function.name(), "function", methods);
        MethodSpec.Builder method = MethodSpec.methodBuilder(javaName)
                .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT);
        if (JavaNames.needsEntryPoint(javaName, function.name())) {
            method.addAnnotation(AnnotationSpec.builder(ClassName.get(DSL, "EntryPoint"))
                    .addMember("value", "$S", function.name()).build());
        }
        StringBuilder doc = new StringBuilder("Relax function {@code " + JavadocText.of(
                function.name()) + "}.\n");
        Set<String> parameters = new HashSet<>();
        for (int i = 0; i < function.parameters().size(); i++) {
            RelaxType type = function.parameters().get(i);
            String name = JavaNames.member(function.parameterNames().get(i), "value", parameters);
            ParameterSpec.Builder parameter = ParameterSpec.builder(typeOf(type), name);
            shape(type).ifPresent(parameter::addAnnotation);
            method.addParameter(parameter.build());
            doc.append("\n@param ").append(name).append(' ').append(said(type));
        }
        Optional<RelaxType> result = function.result();
        if (result.isPresent() && result.get() instanceof RelaxType.Tensor) {
            method.returns(TENSOR);
            shape(result.get()).ifPresent(method::addAnnotation);
            doc.append("\n@return ").append(said(result.get()));
        } else if (result.isPresent() && result.get() instanceof RelaxType.Tuple tuple
                && tuple.items().stream().allMatch(RelaxType.Tensor.class::isInstance)) {
            method.returns(ParameterizedTypeName.get(ClassName.get(List.class), TENSOR));
            doc.append("\n@return ").append(said(tuple));
        } else {
            method.returns(Object.class);
            doc.append("\n@return ").append(result.map(RelaxInterfaceWriter::said).orElse(
                    "what the function returns: the library does not record it (TVM keeps a"
                            + " result's annotation only where it checks it at run time);"
                            + " declare {@code Tensor}, {@code List<Tensor>} or a record once"
                            + " known"));
        }
        return method.addJavadoc("$L\n", InterfaceWriter.wrap(doc.toString())).build();
    }

    /** The load check's own rule: a tensor, a shape, a number; untyped text is a tensor. */
    private static TypeName typeOf(RelaxType type) {
        return RelaxLibraryCheck.javaType(type).map(FfiTypeCode::javaType).orElse(TENSOR);
    }

    /** {@code @Shape} where the library gives every dimension. */
    private static Optional<AnnotationSpec> shape(RelaxType type) {
        if (!(type instanceof RelaxType.Tensor tensor) || tensor.dims().isEmpty()
                || tensor.dims().get().isEmpty()) {
            return Optional.empty();
        }
        CodeBlock dims = CodeBlock.of("{$L}", String.join(", ", tensor.dims().get().stream()
                .map(d -> CodeBlock.of("$S", d).toString()).toList()));
        AnnotationSpec.Builder shape = AnnotationSpec.builder(ClassName.get(DSL, "Shape"))
                .addMember("value", "$L", dims);
        tensor.dtype().flatMap(DType::of).ifPresent(d -> shape.addMember("dtype", "$T.$L",
                ClassName.get(DSL, "DType"), d.name()));
        return Optional.of(shape.build());
    }

    /** What the javadoc says of a value: TVM's text, and what was not read. */
    private static String said(RelaxType type) {
        String text = "{@code " + JavadocText.of(type.text()) + "}";
        if (type instanceof RelaxType.Unknown unknown) {
            return unknown.text().isEmpty() ? "not annotated in the library: an unshaped tensor"
                    : text + ", which tvmbind does not read: an unshaped tensor";
        }
        if (type instanceof RelaxType.Tensor tensor && (tensor.dims().isEmpty()
                || tensor.dtype().flatMap(DType::of).isEmpty())) {
            return text + " (what it leaves open is not declared)";
        }
        return text;
    }
}
