package dev.tvmbind.processor.generate.java;

import com.palantir.javapoet.ClassName;
import dev.tvmbind.processor.model.EntryPointSpec;
import dev.tvmbind.processor.model.JavaType;
import dev.tvmbind.processor.model.ModelSpec;
import dev.tvmbind.processor.model.ParamSpec;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The classes a binding refers to, and for a given model which of them it names where an
 * expression is expected ({@code List.of(…)}) and where only a type is: an inherited constant
 * hides a class in the first context only (JLS 6.5.2), a member type in both.
 */
final class BindingTypes {
    private BindingTypes() {}

    /** The runtime's public package. */
    private static final String RUNTIME = "dev.tvmbind.runtime";
    /** What generated code calls: no compatibility promise. */
    private static final String INTERNAL = "dev.tvmbind.runtime.internal";
    /** What bindings of tvm-ffi functions and Relax libraries call besides. */
    private static final String INTERNAL_FFI = INTERNAL + ".ffi";
    private static final String FOREIGN = "java.lang.foreign";

    static final ClassName LINKING = ClassName.get(INTERNAL, "Linking");
    static final ClassName ARGUMENTS = ClassName.get(INTERNAL, "Arguments");
    static final ClassName CONTRACT = ClassName.get(INTERNAL, "Contract");
    static final ClassName BINDINGS = ClassName.get(INTERNAL, "Bindings");
    static final ClassName BINDING = BINDINGS.nestedClass("Binding");
    static final ClassName LINKAGE = ClassName.get(INTERNAL, "Linkage");
    static final ClassName OWNER = LINKAGE.nestedClass("Owner");
    static final ClassName TVM_FUNCTION = ClassName.get(INTERNAL, "TvmFunction");
    static final ClassName SCRATCH_POOL = ClassName.get(INTERNAL, "ScratchPool");
    static final ClassName SCRATCH = ClassName.get(INTERNAL, "Scratch");
    static final ClassName ARRAY_COPIES = ClassName.get(INTERNAL, "ArrayCopies");
    static final ClassName UTF8 = ClassName.get(INTERNAL, "Utf8");
    // What bindings of TVM's FFI name besides.
    static final ClassName FFI_LINKING = ClassName.get(INTERNAL_FFI, "FfiLinking");
    static final ClassName FFI_LIBRARY = ClassName.get(INTERNAL_FFI, "FfiLibrary");
    static final ClassName FFI_VALUES = ClassName.get(INTERNAL_FFI, "FfiValues");
    static final ClassName FFI_OPTIONALS = ClassName.get(INTERNAL_FFI, "FfiOptionals");
    static final ClassName FFI_CONTAINER = ClassName.get(INTERNAL_FFI, "FfiContainer");
    static final ClassName FFI_CALLBACK = ClassName.get(INTERNAL_FFI, "FfiCallback");
    static final ClassName FFI_UPCALL = ClassName.get(INTERNAL_FFI, "FfiUpcall");
    static final ClassName FFI_TENSOR_CHECK = ClassName.get(INTERNAL_FFI, "FfiTensorCheck");
    static final ClassName RELAX_BINDING = ClassName.get(INTERNAL_FFI, "RelaxBinding");
    static final ClassName RELAX_OPTIONS = ClassName.get("dev.tvmbind.runtime.relax",
            "RelaxOptions");
    static final ClassName FFI_TENSOR = ClassName.get("dev.tvmbind.runtime.ffi", "Tensor");
    static final ClassName FFI_FUNCTION = ClassName.get("dev.tvmbind.runtime.ffi", "FfiFunction");
    static final ClassName REFERENCE = ClassName.get("java.lang.ref", "Reference");
    static final ClassName TENSOR_ARGUMENT = ClassName.get(INTERNAL, "TensorArgument");
    static final ClassName FREE_COPIES = ClassName.get(INTERNAL, "FreeCopies");
    static final ClassName FOREIGN_STATICS = ClassName.get(INTERNAL, "Foreign");
    static final ClassName DESCRIPTIONS = ClassName.get(INTERNAL, "Descriptions");
    static final ClassName MODEL_BUILDER = DESCRIPTIONS.nestedClass("ModelBuilder");
    static final ClassName TENSOR_BUILDER = DESCRIPTIONS.nestedClass("TensorBuilder");
    static final ClassName DTYPE = ClassName.get("dev.tvmbind", "DType");
    static final ClassName MODEL_INFO = ClassName.get(RUNTIME, "ModelInfo");
    static final ClassName MODEL_PROVIDER = ClassName.get(RUNTIME, "ModelProvider");
    static final ClassName LINKER = ClassName.get(FOREIGN, "Linker");
    static final ClassName LINKER_OPTION = LINKER.nestedClass("Option");
    static final ClassName REENTRANT_LOCK = ClassName.get("java.util.concurrent.locks",
            "ReentrantLock");
    static final ClassName LIST = ClassName.get("java.util", "List");
    static final ClassName FUNCTION_DESCRIPTOR = ClassName.get(FOREIGN, "FunctionDescriptor");
    static final ClassName MEMORY_SEGMENT = ClassName.get(FOREIGN, "MemorySegment");
    static final ClassName SYMBOL_LOOKUP = ClassName.get(FOREIGN, "SymbolLookup");
    static final ClassName VALUE_LAYOUT = ClassName.get(FOREIGN, "ValueLayout");
    static final ClassName METHOD_HANDLE = ClassName.get("java.lang.invoke", "MethodHandle");
    static final ClassName METHOD_HANDLES = ClassName.get("java.lang.invoke", "MethodHandles");
    static final ClassName PATH = ClassName.get("java.nio.file", "Path");
    static final ClassName OBJECTS = ClassName.get("java.util", "Objects");
    static final ClassName GENERATED = ClassName.get("javax.annotation.processing", "Generated");
    static final ClassName OVERRIDE = ClassName.get(Override.class);
    static final ClassName SUPPRESS_WARNINGS = ClassName.get(SuppressWarnings.class);
    static final ClassName STRING = ClassName.get(String.class);
    static final ClassName THROWABLE = ClassName.get(Throwable.class);

    /** The classes the binding of {@code model} names where an expression is expected. */
    static Set<ClassName> inExpressions(ModelSpec model) {
        // java.lang.foreign's interfaces only through Foreign's static methods: a class is still
        // reached where constants hide its names (a cast), an interface's static method is not.
        Set<ClassName> used = new LinkedHashSet<>(Set.of(LINKING, ARGUMENTS, LINKAGE, CONTRACT, BINDINGS,
                METHOD_HANDLES, FOREIGN_STATICS, VALUE_LAYOUT, FREE_COPIES, DESCRIPTIONS));
        if (usesScratch(model)) {
            used.add(SCRATCH);
        }
        if (model.entryPoints().stream().anyMatch(e -> e.params().stream().anyMatch(p -> staged(e, p)
                && p.type() != JavaType.STRING || e.isTensor() && p.type().isArray()))) {
            used.add(ARRAY_COPIES);
        }
        if (model.entryPoints().stream().anyMatch(e -> e.params().stream()
                .anyMatch(p -> p.type() == JavaType.STRING))) {
            used.add(UTF8);
        }
        model.tensorEntryPoint().ifPresent(run -> {
            used.add(TENSOR_ARGUMENT);
            used.add(TVM_FUNCTION);
            if (run.params().stream().anyMatch(p -> p.dtype().isPresent())) {
                used.add(DTYPE);
            }
        });
        for (EntryPointSpec entryPoint : model.entryPoints()) {
            for (ParamSpec param : entryPoint.params()) {
                if (!entryPoint.isTensor() && param.type().isArray()) {
                    used.add(OBJECTS);
                    if (entryPoint.critical()) {
                        used.add(FOREIGN_STATICS); // Foreign.heap
                    }
                }
            }
        }
        return used;
    }

    /** The classes the binding of {@code model} names where only a type is expected. */
    static Set<ClassName> inTypes(ModelSpec model) {
        Set<ClassName> used = new LinkedHashSet<>(Set.of(STRING, MODEL_INFO, METHOD_HANDLE,
                SYMBOL_LOOKUP, PATH, OVERRIDE, THROWABLE, LINKAGE, MODEL_PROVIDER, LIST, FREE_COPIES,
                TVM_FUNCTION, MEMORY_SEGMENT, LINKER, LINKER_OPTION, FUNCTION_DESCRIPTOR,
                SUPPRESS_WARNINGS));
        if (model.serializesRun()) {
            used.add(REENTRANT_LOCK);
        }
        if (model.generatedAnnotation()) {
            used.add(GENERATED);
        }
        if (usesScratch(model)) {
            used.add(SCRATCH_POOL);
            used.add(SCRATCH);
        }
        model.tensorEntryPoint().ifPresent(run -> {
            used.add(TENSOR_ARGUMENT);
        });
        return used;
    }

    /** Whether any call needs scratch memory: TVM's structs, copied arrays, strings. */
    static boolean usesScratch(ModelSpec model) {
        return model.entryPoints().stream()
                .anyMatch(e -> e.isTensor() || e.params().stream().anyMatch(p -> staged(e, p)));
    }

    /**
     * Whether a plain function's argument is copied into scratch memory and passed by address:
     * strings, and arrays unless the call is critical (then they are passed as heap segments).
     */
    static boolean staged(EntryPointSpec entryPoint, ParamSpec param) {
        return param.type() == JavaType.STRING || param.type().isArray() && !entryPoint.critical();
    }
}
