package dev.tvmbind.processor.generate.java;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The classes that generated bindings refer to. */
final class Classes {
    private Classes() {}

    static final ClassRef BINDING_SUPPORT = new ClassRef("dev.tvmbind", "BindingSupport");
    static final ClassRef SCRATCH_POOL = new ClassRef("dev.tvmbind", "ScratchPool");
    static final ClassRef SCRATCH = new ClassRef("dev.tvmbind", "Scratch");
    static final ClassRef TVM_EXCEPTION = new ClassRef("dev.tvmbind", "TvmException");
    static final ClassRef MODEL_INFO = new ClassRef("dev.tvmbind", "ModelInfo");
    static final ClassRef TENSOR_INFO = new ClassRef("dev.tvmbind", "TensorInfo");
    static final ClassRef LIST = new ClassRef("java.util", "List");
    static final ClassRef ARENA = new ClassRef("java.lang.foreign", "Arena");
    static final ClassRef FUNCTION_DESCRIPTOR = new ClassRef("java.lang.foreign", "FunctionDescriptor");
    static final ClassRef LINKER = new ClassRef("java.lang.foreign", "Linker");
    static final ClassRef MEMORY_SEGMENT = new ClassRef("java.lang.foreign", "MemorySegment");
    static final ClassRef SYMBOL_LOOKUP = new ClassRef("java.lang.foreign", "SymbolLookup");
    static final ClassRef VALUE_LAYOUT = new ClassRef("java.lang.foreign", "ValueLayout");
    static final ClassRef METHOD_HANDLE = new ClassRef("java.lang.invoke", "MethodHandle");
    static final ClassRef METHOD_HANDLES = new ClassRef("java.lang.invoke", "MethodHandles");
    static final ClassRef PATH = new ClassRef("java.nio.file", "Path");
    static final ClassRef OBJECTS = new ClassRef("java.util", "Objects");
    static final ClassRef OBJECT = new ClassRef("java.lang", "Object");
    static final ClassRef OVERRIDE = new ClassRef("java.lang", "Override");
    static final ClassRef STRING = new ClassRef("java.lang", "String");
    static final ClassRef THROWABLE = new ClassRef("java.lang", "Throwable");

    private static final List<ClassRef> ALL = List.of(BINDING_SUPPORT, SCRATCH_POOL, SCRATCH,
            TVM_EXCEPTION, MODEL_INFO, TENSOR_INFO, LIST, ARENA, FUNCTION_DESCRIPTOR, LINKER,
            MEMORY_SEGMENT, SYMBOL_LOOKUP,
            VALUE_LAYOUT, METHOD_HANDLE, METHOD_HANDLES, PATH, OBJECTS, OBJECT, OVERRIDE, STRING,
            THROWABLE);

    /**
     * Every simple name of these classes and the first part of each package name: a variable of
     * one of these names would hide the class, or its package in a qualified name.
     */
    static Set<String> names() {
        Set<String> names = new HashSet<>();
        for (ClassRef type : ALL) {
            names.add(type.simpleName());
            names.add(type.packageName().split("\\.", 2)[0]);
        }
        return names;
    }
}
