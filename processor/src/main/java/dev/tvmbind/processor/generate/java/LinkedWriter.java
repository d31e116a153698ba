package dev.tvmbind.processor.generate.java;

import static dev.tvmbind.processor.generate.java.BindingTypes.FUNCTION_DESCRIPTOR;
import static dev.tvmbind.processor.generate.java.BindingTypes.LINKAGE;
import static dev.tvmbind.processor.generate.java.BindingTypes.LINKER_OPTION;
import static dev.tvmbind.processor.generate.java.BindingTypes.MEMORY_SEGMENT;
import static dev.tvmbind.processor.generate.java.BindingTypes.METHOD_HANDLE;
import static dev.tvmbind.processor.generate.java.BindingTypes.METHOD_HANDLES;
import static dev.tvmbind.processor.generate.java.BindingTypes.REENTRANT_LOCK;
import static dev.tvmbind.processor.generate.java.BindingTypes.SCRATCH_POOL;
import static dev.tvmbind.processor.generate.java.BindingTypes.STRING;
import static dev.tvmbind.processor.generate.java.BindingTypes.SUPPRESS_WARNINGS;
import static javax.lang.model.element.Modifier.FINAL;
import static javax.lang.model.element.Modifier.PRIVATE;
import static javax.lang.model.element.Modifier.STATIC;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.tvmbind.processor.model.CDeclarations;
import dev.tvmbind.processor.model.EntryPointSpec;
import dev.tvmbind.processor.model.ModelSpec;

/**
 * Writes the binding's nested class {@code Linked}: the implementation of the interface, linked
 * to one library. Its method handles are {@code static final}, constants for the JIT, and it
 * links them itself from the addresses its {@code Linkage} hands over, so that the downcalls are
 * made with the native access of the module that holds the binding, never the runtime's.
 */
final class LinkedWriter {
    /** The simple name of the binding's nested implementation class. */
    static final String LINKED = "Linked";
    /** Its helper that links one downcall. */
    private static final String DOWNCALL = "downcall";

    private LinkedWriter() {}

    static TypeSpec linked(ModelSpec model, CDeclarations declarations, BindingNames binding,
            TypeName iface, String bindingName) {
        BindingNames names = binding.inLinked(bindingName);
        TypeSpec.Builder type = TypeSpec.classBuilder(LINKED)
                .addJavadoc("""
                        The binding linked to a library. {@code load} initialises this class with the
                        first library it is given, so that a debugger stops on these lines and stack
                        traces show them; another library gets a hidden copy of the class (as fast,
                        but left out of stack traces).
                        """)
                .addModifiers(PRIVATE, STATIC, FINAL)
                .addSuperinterface(iface);
        type.addField(FieldSpec.builder(LINKAGE, BindingNames.LINKAGE, PRIVATE, STATIC, FINAL)
                .addJavadoc("""
                        The library this class is linked to, handed over by {@code load} (which keeps a
                        library it opened loaded): the addresses the handles below are linked to.
                        """)
                .initializer(RuntimeMembers.LINKAGE_OF.call(names, "$L.lookup()",
                        names.owner(METHOD_HANDLES)))
                .build());
        type.addField(FieldSpec.builder(BindingTypes.OWNER, BindingNames.OWNER, PRIVATE, STATIC,
                FINAL)
                .addJavadoc("What the binding follows: the TvmLibrary it came from, if any.\n")
                .initializer(RuntimeMembers.OWNER.on(BindingNames.LINKAGE, ""))
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
                        .initializer(RuntimeMembers.RUN_LOCK.on(BindingNames.LINKAGE, "$N",
                                names.symbol(run)))
                        .build()));
        if (BindingTypes.usesScratch(model)) {
            type.addField(FieldSpec.builder(SCRATCH_POOL, BindingNames.SCRATCH, PRIVATE, STATIC, FINAL)
                    .addJavadoc("Each thread's native memory for TVM's structs and for copies of"
                            + " arrays and strings.\n")
                    .initializer("new $T()", SCRATCH_POOL)
                    .build());
        }
        type.addMethod(MethodSpec.constructorBuilder().addModifiers(PRIVATE).build());
        CallWriter calls = new CallWriter(model, declarations, names);
        model.entryPoints().forEach(e -> type.addMethod(calls.method(e)));
        type.addMethod(downcall(names));
        if (names.castsInLinked()) {
            // ((pkg.Class) null).member: a static member through a cast, where constants of the
            // interface hide both spellings of the class (javac's lint 'static', ECJ's).
            type.addAnnotation(AnnotationSpec.builder(SUPPRESS_WARNINGS)
                    .addMember("value", "{$S, $S}", "static", "static-access").build());
        }
        return type.build();
    }

    /** A method handle, linked in the class's static initializer. */
    private static FieldSpec handle(EntryPointSpec entryPoint, BindingNames names) {
        CodeBlock descriptor = entryPoint.isTensor()
                ? CodeBlock.of("$L.$N()", RuntimeMembers.RUN_FUNCTION.call(names, "$L",
                        entryPoint.structRoles().size()), RuntimeMembers.DESCRIPTOR.name())
                : Layouts.descriptor(entryPoint, names);
        CodeBlock link = entryPoint.critical()
                ? CodeBlock.of("$N($Z$N,$W$L,$W$L)", DOWNCALL, names.symbol(entryPoint), descriptor,
                        RuntimeMembers.CRITICAL.call(names, "$L", heapAccess(entryPoint)))
                : CodeBlock.of("$N($Z$N,$W$L)", DOWNCALL, names.symbol(entryPoint), descriptor);
        return FieldSpec.builder(METHOD_HANDLE, names.handle(entryPoint), PRIVATE, STATIC, FINAL)
                .initializer(link)
                .build();
    }

    /** A critical call takes heap segments only when it passes arrays without copying them. */
    private static boolean heapAccess(EntryPointSpec entryPoint) {
        return !entryPoint.isTensor() && entryPoint.params().stream().anyMatch(p -> p.type().isArray());
    }

    /** {@code downcall(symbol, function, options…)}: the one restricted call of the class. */
    private static MethodSpec downcall(BindingNames names) {
        return MethodSpec.methodBuilder(DOWNCALL)
                .addJavadoc("""
                        Links the downcall of {@code symbol}, with the native access of this class's
                        module; none in a class that {@code load} did not initialise.
                        """)
                .addAnnotation(AnnotationSpec.builder(SUPPRESS_WARNINGS)
                        .addMember("value", "$S", "restricted").build())
                .addModifiers(PRIVATE, STATIC)
                .returns(METHOD_HANDLE)
                .addParameter(STRING, "symbol")
                .addParameter(FUNCTION_DESCRIPTOR, "function")
                .addParameter(ArrayTypeName.of(LINKER_OPTION), "options")
                .varargs()
                .addStatement("$T address = $L", MEMORY_SEGMENT,
                        RuntimeMembers.ADDRESS.on(BindingNames.LINKAGE, "symbol"))
                .addStatement("return address == null ? null$W: $L.downcallHandle("
                        + "address, function, options)", RuntimeMembers.NATIVE_LINKER.call(names, ""))
                .build();
    }
}
