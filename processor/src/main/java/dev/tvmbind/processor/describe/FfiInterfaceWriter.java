package dev.tvmbind.processor.describe;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeSpec;
import dev.tvmbind.contract.CNames;
import dev.tvmbind.contract.FfiType;
import dev.tvmbind.processor.generate.JavadocText;
import dev.tvmbind.processor.generate.java.FfiTypeCode;
import dev.tvmbind.runtime.internal.ffi.FfiSchemaTypes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import javax.lang.model.element.Modifier;

/**
 * Writes the {@code @TvmFfi} interface of a tvm-ffi library from what its functions export: a
 * method per function whose metadata gives its types ({@link FfiSchemaTypes}: the Java types the
 * load's check accepts), and for each function without (built without
 * {@code -DTVM_FFI_DLL_EXPORT_INCLUDE_METADATA=1}, or of a type no method takes) a comment with
 * its symbol and a line to complete, since nothing says its types. Parameters are {@code arg0},
 * {@code arg1}, …: a schema names none.
 */
public final class FfiInterfaceWriter {
    private static final String DSL = "dev.tvmbind";

    private FfiInterfaceWriter() {}

    /**
     * The interface's source.
     *
     * @param metadata each function's metadata text, if it has one, in the library's order
     * @param unchecked why a function has none, by name
     * @param simpleName the interface's name
     * @param packageName its package ("" for none)
     * @param library the library as the user named it
     * @return the source, and the warnings to print (one per function left as a comment)
     */
    static Described write(Map<String, Optional<String>> metadata,
            Map<String, String> unchecked, String simpleName, String packageName,
            String library) {
        TypeSpec.Builder type = TypeSpec.interfaceBuilder(simpleName)
                .addModifiers(Modifier.PUBLIC)
                .addAnnotation(ClassName.get(DSL, "TvmFfi"));
        List<String> comments = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        List<String> withoutSchema = new ArrayList<>();
        Set<String> methods = new HashSet<>();
        for (Map.Entry<String, Optional<String>> function : new TreeMap<>(metadata).entrySet()) {
            String name = function.getKey();
            String symbol = CNames.ffiFunction(name);
            Optional<String> why = Optional.empty();
            if (function.getValue().isPresent()) {
                FfiSchemaTypes.Typed typed = FfiSchemaTypes.of(function.getValue().get(), symbol);
                if (typed.types().isPresent()) {
                    type.addMethod(method(name, typed, methods));
                    continue;
                }
                why = typed.why();
                warnings.add(symbol + " is left as a comment: " + why.orElse(""));
            } else {
                withoutSchema.add(name);
            }
            String javaName = JavaNames.member(name, "function", methods);
            comments.add("// " + symbol + why.map(w -> " (" + w.replace('\n', ' ') + ")")
                    .orElse("") + ":");
            comments.add("// " + (JavaNames.needsEntryPoint(javaName, name)
                    ? "@EntryPoint(\"" + name + "\") " : "") + "<result> " + javaName
                    + "(<parameters>);");
        }
        if (!withoutSchema.isEmpty()) {
            warnings.add(0, withoutSchema.size() + " of " + metadata.size() + " functions export"
                    + " no schema (the library was built without"
                    + " -DTVM_FFI_DLL_EXPORT_INCLUDE_METADATA=1): each is a comment to complete by"
                    + " hand, and loads unchecked");
        }
        StringBuilder doc = new StringBuilder("The tvm-ffi functions of " + JavadocText.code(
                library) + ", described by {@code tvmbind describe} from the type schemas they"
                + " export ({@code __tvm_ffi__metadata_<name>}); the load checks each method"
                + " against its schema. Parameters are named {@code arg0}, {@code arg1}, …: a"
                + " schema names none.\n");
        if (!comments.isEmpty()) {
            doc.append("\n<p>").append(comments.size() / 2).append(" of ").append(metadata.size())
                    .append(" functions export no schema tvmbind reads, so their types are"
                    + " unknown: each is a comment at the end, to complete by hand from the"
                    + " library's documentation, and loads unchecked (its own code checks what it"
                    + " is given at the call). Built with {@code"
                    + " -DTVM_FFI_DLL_EXPORT_INCLUDE_METADATA=1}, a library exports its schemas"
                    + " and describe writes every method.\n");
        }
        type.addJavadoc("$L", InterfaceWriter.wrap(doc.toString()));
        String source = JavaFile.builder(packageName, type.build()).indent("    ")
                .skipJavaLangImports(true).build().toString();
        // JavaPoet writes no free comment in a type's body: they go before its closing brace.
        if (!comments.isEmpty()) {
            int end = source.lastIndexOf('}');
            source = source.substring(0, end) + (source.substring(0, end).endsWith("{\n")
                    ? "" : "\n") + "    " + String.join("\n    ", comments) + "\n}\n";
        }
        return new Described(new Source(packageName, simpleName, source),
                warnings);
    }

    private static MethodSpec method(String name, FfiSchemaTypes.Typed typed,
            Set<String> methods) {
        List<FfiType> types = typed.types().orElseThrow();
        String javaName = JavaNames.member(name, "function", methods);
        MethodSpec.Builder method = MethodSpec.methodBuilder(javaName)
                .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
                .returns(FfiTypeCode.javaType(types.get(0)))
                .addJavadoc("{@code $L}, TVM's schema $L.\n", JavadocText.of(CNames.ffiFunction(
                        name)), JavadocText.of(typed.schema()));
        if (JavaNames.needsEntryPoint(javaName, name)) {
            method.addAnnotation(AnnotationSpec.builder(ClassName.get(DSL, "EntryPoint"))
                    .addMember("value", "$S", name).build());
        }
        for (int i = 1; i < types.size(); i++) {
            ParameterSpec.Builder parameter = ParameterSpec.builder(
                    FfiTypeCode.javaType(types.get(i)), "arg" + (i - 1));
            if (types.get(i) == FfiType.Plain.OWNED_TENSOR) {
                parameter.addAnnotation(ClassName.get(DSL, "TvmFfi", "Owned"));
            }
            method.addParameter(parameter.build());
        }
        return method.build();
    }
}
