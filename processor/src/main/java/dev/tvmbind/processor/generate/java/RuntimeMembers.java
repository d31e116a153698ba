package dev.tvmbind.processor.generate.java;

import static dev.tvmbind.processor.generate.java.BindingTypes.ARGUMENTS;
import static dev.tvmbind.processor.generate.java.BindingTypes.ARRAY_COPIES;
import static dev.tvmbind.processor.generate.java.BindingTypes.FOREIGN_STATICS;
import static dev.tvmbind.processor.generate.java.BindingTypes.FREE_COPIES;
import static dev.tvmbind.processor.generate.java.BindingTypes.LINKAGE;
import static dev.tvmbind.processor.generate.java.BindingTypes.LINKING;
import static dev.tvmbind.processor.generate.java.BindingTypes.DESCRIPTIONS;
import static dev.tvmbind.processor.generate.java.BindingTypes.MODEL_BUILDER;
import static dev.tvmbind.processor.generate.java.BindingTypes.MODEL_PROVIDER;
import static dev.tvmbind.processor.generate.java.BindingTypes.SCRATCH;
import static dev.tvmbind.processor.generate.java.BindingTypes.SCRATCH_POOL;
import static dev.tvmbind.processor.generate.java.BindingTypes.TENSOR_ARGUMENT;
import static dev.tvmbind.processor.generate.java.BindingTypes.TENSOR_BUILDER;
import static dev.tvmbind.processor.generate.java.BindingTypes.TVM_FUNCTION;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Every member of the runtime that generated code names, in one place: the writers call them
 * through these constants, and {@code RuntimeMembersTest} finds each in the runtime by reflection,
 * so that a rename there fails a test here, not a user's build.
 */
final class RuntimeMembers {
    private RuntimeMembers() {}

    /**
     * A method or field of a runtime class.
     *
     * @param owner the class
     * @param name the member's name
     */
    record Member(ClassName owner, String name) {
        /** {@code Owner.name(args)}: a static call, {@code args} a JavaPoet format. */
        CodeBlock call(String args, Object... values) {
            return CodeBlock.of("$T.$N(" + args + ")", with(owner, name, values));
        }

        /** The same, the owner written as {@code owner} reaches it (an FFI binding's scope). */
        CodeBlock call(java.util.function.Function<ClassName, CodeBlock> owner, String args,
                Object... values) {
            return CodeBlock.of("$L.$N(" + args + ")", with(owner.apply(this.owner), name,
                    values));
        }

        /** The same, the owner written as {@code names} reach it ({@link BindingNames#owner}). */
        CodeBlock call(BindingNames names, String args, Object... values) {
            return CodeBlock.of("$L.$N(" + args + ")", with(names.owner(owner), name, values));
        }

        /** {@code receiver.name(args)}: a call on a local or a field. */
        CodeBlock on(String receiver, String args, Object... values) {
            return CodeBlock.of("$N.$N(" + args + ")", with(receiver, name, values));
        }

        /** {@code .name(args)}: a step of a chain. */
        CodeBlock step(String args, Object... values) {
            return CodeBlock.of(".$N(" + args + ")", Stream.concat(Stream.of(name), Stream.of(values))
                    .toArray());
        }

        /** {@code Owner.name}: a static field, the owner written as {@code names} reach it. */
        CodeBlock field(BindingNames names) {
            return CodeBlock.of("$L.$N", names.owner(owner), name);
        }

        private static Object[] with(Object first, Object second, Object[] rest) {
            return Stream.concat(Stream.of(first, second), Stream.of(rest)).toArray();
        }
    }

    /** The runtime classes generated code constructs ({@code new X(…)}). */
    static final List<ClassName> CONSTRUCTED = List.of(SCRATCH_POOL,
            FREE_COPIES);

    /** Every member below, for the test. */
    static final List<Member> ALL = new ArrayList<>();

    private static Member member(ClassName owner, String name) {
        Member member = new Member(owner, name);
        ALL.add(member);
        return member;
    }

    // What the binding checks first.
    static final Member REQUIRE = member(BindingTypes.CONTRACT, "require");
    // What the binding hands the runtime as it initialises.
    static final Member REGISTER = member(BindingTypes.BINDINGS, "register");
    // What load and the linked class call.
    static final Member LINK = member(LINKING, "link");
    static final Member LINK_COPIES = member(LINKING, "linkCopies");
    static final Member LINKAGE_OF = member(LINKAGE, "of");
    static final Member ADDRESS = member(LINKAGE, "address");
    static final Member RUN_LOCK = member(LINKAGE, "runLock");
    static final Member OWNER = member(LINKAGE, "owner");
    static final Member CHECK_OPEN = member(BindingTypes.OWNER, "check");
    static final Member AFTER_FAILED_RUN = member(LINKAGE, "afterFailedRun");
    static final Member FAILED_RUN = member(LINKAGE, "failedRun");
    static final Member RUN_FUNCTION = member(TVM_FUNCTION, "run");
    static final Member DESCRIPTOR = member(TVM_FUNCTION, "descriptor");
    static final Member INFO = member(MODEL_PROVIDER, "info");
    // The model's description.
    static final Member MODEL_INFO_OF = member(DESCRIPTIONS, "model");
    static final Member ENTRY_POINTS = member(MODEL_BUILDER, "entryPoints");
    static final Member ENTRY_POINT = member(DESCRIPTIONS, "entryPoint");
    static final Member RUN = member(DESCRIPTIONS, "run");
    static final Member TENSORS = member(MODEL_BUILDER, "tensors");
    static final Member WORKSPACE_SIZE = member(MODEL_BUILDER, "workspaceSize");
    static final Member REENTRANT = member(MODEL_BUILDER, "reentrant");
    static final Member CHECKED = member(MODEL_BUILDER, "checked");
    static final Member BUILD_MODEL = member(MODEL_BUILDER, "build");
    static final Member INPUT = member(DESCRIPTIONS, "input");
    static final Member OUTPUT = member(DESCRIPTIONS, "output");
    static final Member WORKSPACE_POOL = member(DESCRIPTIONS, "workspacePool");
    static final Member DEVICE = member(DESCRIPTIONS, "device");
    static final Member MEMBER = member(TENSOR_BUILDER, "member");
    static final Member DTYPE = member(TENSOR_BUILDER, "dtype");
    static final Member SHAPE = member(TENSOR_BUILDER, "shape");
    static final Member BYTES = member(TENSOR_BUILDER, "bytes");
    static final Member BUILD_TENSOR = member(TENSOR_BUILDER, "build");
    // A tensor parameter.
    static final Member TENSOR_ARGUMENT_OF = member(TENSOR_ARGUMENT, "of");
    static final Member CHECK = member(TENSOR_ARGUMENT, "check");
    static final Member COPY_OUT = member(TENSOR_ARGUMENT, "copyOut");
    static final Member OVERRUN = member(TENSOR_ARGUMENT, "overrun");
    // A call's scratch memory and copies.
    static final Member ACQUIRE_SCRATCH = member(SCRATCH_POOL, "acquire");
    static final Member POINTER = member(SCRATCH, "POINTER");
    static final Member BEGIN = member(SCRATCH, "begin");
    static final Member STRUCT = member(SCRATCH, "struct");
    static final Member SET_POINTER = member(SCRATCH, "setPointer");
    static final Member COPY_IN = member(SCRATCH, "copyIn");
    static final Member ROOM_FOR = member(SCRATCH, "roomFor");
    static final Member COPY_IN_STRING = member(SCRATCH, "copyInString");
    static final Member OVERRUN_COPY = member(SCRATCH, "overrunCopy");
    static final Member RELEASE_SCRATCH = member(SCRATCH, "release");
    static final Member SIZE = member(ARRAY_COPIES, "size");
    static final Member COPY_BACK = member(ARRAY_COPIES, "copyBack");
    static final Member UTF8 = member(BindingTypes.UTF8, "size");
    static final Member UTF8_ROOM = member(BindingTypes.UTF8, "room");
    static final Member CHECK_SEGMENT = member(ARGUMENTS, "checkSegment");
    static final Member RETHROW = member(ARGUMENTS, "rethrow");
    // java.lang.foreign's interfaces, through a class.
    static final Member NATIVE_LINKER = member(FOREIGN_STATICS, "linker");
    static final Member CRITICAL = member(FOREIGN_STATICS, "critical");
    static final Member FUNCTION = member(FOREIGN_STATICS, "function");
    static final Member PROCEDURE = member(FOREIGN_STATICS, "procedure");
    static final Member HEAP = member(FOREIGN_STATICS, "heap");
    // TVM's FFI: load, a call's frame, its values, its error and its result.
    static final Member FFI_LINK = member(BindingTypes.FFI_LINKING, "link");
    static final Member DECLARED = member(BindingTypes.FFI_LINKING, "declared");
    static final Member RELAX_LOAD = member(BindingTypes.RELAX_BINDING, "load");
    static final Member RELAX_CALL = member(BindingTypes.RELAX_BINDING, "call");
    static final Member RELAX_CLOSE = member(BindingTypes.RELAX_BINDING, "close");
    static final Member RELAX_TUPLE = member(BindingTypes.RELAX_BINDING, "tupleOf");
    static final Member RELAX_TENSOR = member(BindingTypes.RELAX_BINDING, "tensorOf");
    static final Member RELAX_TENSORS = member(BindingTypes.RELAX_BINDING, "tensorsOf");
    static final Member RELAX_DEFAULT = member(BindingTypes.RELAX_OPTIONS, "DEFAULT");
    static final Member LOADED = member(BindingTypes.FFI_LINKING, "loaded");
    static final Member FFI = member(LINKAGE, "ffi");
    static final Member SELF = member(LINKAGE, "self");
    static final Member SAFE_CALL = member(BindingTypes.FFI_VALUES, "SAFE_CALL");
    static final Member FRAME = member(BindingTypes.FFI_VALUES, "frame");
    static final Member FRAME_ADDRESS = member(BindingTypes.FFI_VALUES, "address");
    static final Member FFI_STRING_ROOM = member(BindingTypes.UTF8, "roomFor");
    static final Member FFI_COPY_IN_STRING = member(BindingTypes.FFI_VALUES, "copyInString");
    static final Member SET_INT = member(BindingTypes.FFI_VALUES, "setInt");
    static final Member SET_FLOAT = member(BindingTypes.FFI_VALUES, "setFloat");
    static final Member SET_BOOL = member(BindingTypes.FFI_VALUES, "setBool");
    static final Member SET_OPTIONAL_INT = member(BindingTypes.FFI_OPTIONALS, "setInt");
    static final Member SET_OPTIONAL_FLOAT = member(BindingTypes.FFI_OPTIONALS, "setFloat");
    static final Member SET_OPTIONAL_BOOL = member(BindingTypes.FFI_OPTIONALS, "setBool");
    static final Member SET_OPAQUE = member(BindingTypes.FFI_VALUES, "setPointer");
    static final Member SET_TENSOR = member(BindingTypes.FFI_VALUES, "setTensor");
    static final Member SET_OWNED_TENSOR = member(BindingTypes.FFI_VALUES, "setOwnedTensor");
    static final Member RELEASE_MADE = member(BindingTypes.FFI_VALUES, "releaseMade");
    static final Member SET_STRING = member(BindingTypes.FFI_VALUES, "setString");
    static final Member CLEAR = member(BindingTypes.FFI_VALUES, "clear");
    static final Member RAISED = member(BindingTypes.FFI_LIBRARY, "raised");
    static final Member TO_VOID = member(BindingTypes.FFI_VALUES, "toVoid");
    static final Member TO_INT = member(BindingTypes.FFI_VALUES, "toInt");
    static final Member TO_FLOAT = member(BindingTypes.FFI_VALUES, "toFloat");
    static final Member TO_BOOL = member(BindingTypes.FFI_VALUES, "toBool");
    static final Member TO_TEXT = member(BindingTypes.FFI_VALUES, "toText");
    static final Member CONTAINER_OF = member(BindingTypes.FFI_CONTAINER, "of");
    static final Member CONTAINER_SET = member(BindingTypes.FFI_CONTAINER, "set");
    static final Member CONTAINER_READ = member(BindingTypes.FFI_CONTAINER, "read");
    static final Member CALLBACK_OF = member(BindingTypes.FFI_CALLBACK, "of");
    static final Member CALLBACK_SET = member(BindingTypes.FFI_CALLBACK, "set");
    static final Member CALLBACK_RELEASE = member(BindingTypes.FFI_CALLBACK, "release");
    static final Member CALLBACK_READ = member(BindingTypes.FFI_CALLBACK, "read");
    static final Member UPCALL_TO_INT = member(BindingTypes.FFI_UPCALL, "toInt");
    static final Member UPCALL_TO_FLOAT = member(BindingTypes.FFI_UPCALL, "toFloat");
    static final Member UPCALL_TO_BOOL = member(BindingTypes.FFI_UPCALL, "toBool");
    static final Member UPCALL_TO_OBJECT = member(BindingTypes.FFI_UPCALL, "toObject");
    static final Member UPCALL_SET_INT = member(BindingTypes.FFI_UPCALL, "setInt");
    static final Member UPCALL_SET_FLOAT = member(BindingTypes.FFI_UPCALL, "setFloat");
    static final Member UPCALL_SET_BOOL = member(BindingTypes.FFI_UPCALL, "setBool");
    static final Member UPCALL_SET_OBJECT = member(BindingTypes.FFI_UPCALL, "setObject");
    static final Member TENSOR_CHECK_OF = member(BindingTypes.FFI_TENSOR_CHECK, "of");
    static final Member TENSOR_CHECK_PARAMETERS = member(BindingTypes.FFI_TENSOR_CHECK,
            "parameters");
    static final Member TENSOR_CHECK_RESULT = member(BindingTypes.FFI_TENSOR_CHECK, "result");
    static final Member TO_TENSOR = member(BindingTypes.FFI_VALUES, "toTensor");
    static final Member TO_POINTER = member(BindingTypes.FFI_VALUES, "toPointer");
    // Private copies.
    static final Member ACQUIRE_COPY = member(FREE_COPIES, "acquire");
    static final Member RELEASE_COPY = member(FREE_COPIES, "release");
}
