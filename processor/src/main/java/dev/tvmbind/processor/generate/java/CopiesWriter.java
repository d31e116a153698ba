package dev.tvmbind.processor.generate.java;

import static dev.tvmbind.processor.generate.java.BindingTypes.FREE_COPIES;
import static dev.tvmbind.processor.generate.java.BindingTypes.LIST;
import static dev.tvmbind.processor.generate.java.BindingTypes.METHOD_HANDLES;
import static dev.tvmbind.processor.generate.java.BindingTypes.OVERRIDE;
import static dev.tvmbind.processor.generate.java.BindingTypes.SYMBOL_LOOKUP;
import static javax.lang.model.element.Modifier.FINAL;
import static javax.lang.model.element.Modifier.PRIVATE;
import static javax.lang.model.element.Modifier.PUBLIC;
import static javax.lang.model.element.Modifier.STATIC;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.tvmbind.processor.model.EntryPointSpec;
import dev.tvmbind.processor.model.JavaType;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.ParamSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes {@code load(List<SymbolLookup>)} and the nested class it returns: a binding over private
 * copies of one library (each with its own static memory) that runs every call on a copy no other
 * call is using, so N threads run N inferences at once. Generated rather than a {@code Proxy}, so
 * that a call allocates nothing.
 */
final class CopiesWriter {
    /** The simple name of the binding's nested class over copies. */
    static final String COPIES = "Copies";

    private static final String LINKED = "copies";
    private static final String FREE = "free";

    private final TypeName iface;
    private final BindingNames names;

    CopiesWriter(TypeName iface, BindingNames names) {
        this.iface = iface;
        this.names = names;
    }

    /** {@code load(List<SymbolLookup> copies)}: one linked copy of the binding per lookup. */
    MethodSpec load() {
        return MethodSpec.methodBuilder("load")
                .addJavadoc("""
                        Links one copy of the binding to each of {@code copies}, private copies of one
                        library with their own static memory ({@code TvmLibrary.open(Path, int)} makes
                        them), and returns a binding that runs each call on a copy that no other call is
                        using, waiting while every copy is busy. State that plain entry points set is
                        per copy.

                        @param copies the copies' symbols, each usable as long as the binding is used
                        @return the binding
                        @throws IllegalCallerException when the caller's module has no native
                            access (the lookups' answers are its choice)
                        @throws UnsatisfiedLinkError listing every symbol a copy lacks
                        """)
                .addModifiers(PUBLIC, STATIC)
                .returns(iface)
                .addParameter(ParameterizedTypeName.get(LIST, SYMBOL_LOOKUP), LINKED)
                .addStatement("return new $N($L)", COPIES, RuntimeMembers.LINK_COPIES.call(
                        "$T.lookup(),$W$N.class,$W$N,$W$N", METHOD_HANDLES,
                        BindingNames.LINKED, BindingNames.INFO, LINKED))
                .build();
    }

    /** The nested class: each method takes a free copy, calls it, and gives it back. */
    TypeSpec copies(ModelSpec model) {
        TypeSpec.Builder type = TypeSpec.classBuilder(COPIES)
                .addJavadoc("The binding over private copies of a library: see {@code load(List)}.\n")
                .addModifiers(PRIVATE, STATIC, FINAL)
                .addSuperinterface(iface)
                .addField(FieldSpec.builder(ArrayTypeName.of(iface), LINKED, PRIVATE, FINAL).build())
                .addField(FieldSpec.builder(FREE_COPIES, FREE, PRIVATE, FINAL).build())
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(PRIVATE)
                        .addParameter(ArrayTypeName.of(iface), LINKED)
                        .addStatement("this.$N = $N", LINKED, LINKED)
                        .addStatement("this.$N = new $T($N.length)", FREE, FREE_COPIES, LINKED)
                        .build());
        model.entryPoints().forEach(e -> type.addMethod(method(e)));
        return type.build();
    }

    private MethodSpec method(EntryPointSpec entryPoint) {
        NameAllocator local = names.locals();
        local.newName(LINKED);
        local.newName(FREE);
        MethodSpec.Builder method = MethodSpec.methodBuilder(entryPoint.javaName())
                .addAnnotation(OVERRIDE)
                .addModifiers(PUBLIC)
                .returns(Layouts.javaType(entryPoint.returnType()));
        List<CodeBlock> arguments = new ArrayList<>();
        for (ParamSpec param : entryPoint.params()) {
            String name = local.newName(param.javaName(), param);
            method.addParameter(Layouts.javaType(param.type()), name);
            arguments.add(CodeBlock.of("$N", name));
        }
        String copy = local.newName("copy");
        boolean returns = entryPoint.returnType() != JavaType.VOID;
        return method.addStatement("int $N = $L", copy, RuntimeMembers.ACQUIRE_COPY.on(FREE, ""))
                .beginControlFlow("try")
                .addStatement((returns ? "return " : "") + "$N[$N].$N($L)", LINKED, copy,
                        entryPoint.javaName(), CodeBlock.join(arguments, ", "))
                .nextControlFlow("finally")
                .addStatement("$L", RuntimeMembers.RELEASE_COPY.on(FREE, "$N", copy))
                .endControlFlow()
                .build();
    }
}
