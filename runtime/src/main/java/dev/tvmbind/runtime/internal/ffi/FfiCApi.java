package dev.tvmbind.runtime.internal.ffi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.tvmbind.contract.FfiFunctionContract;
import dev.tvmbind.contract.FfiType;
import dev.tvmbind.runtime.internal.Arguments;
import dev.tvmbind.runtime.internal.NativeAccess;
import dev.tvmbind.runtime.internal.shared.PublicTypes;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * tvm-ffi's C API ({@code c_api.h}) as one runtime offers it: every function of it tvmbind calls
 * is named and linked here, and nowhere else. One failure policy: a binding's load asks for what
 * its declared types need ({@link #require}), and one error names every function the runtime
 * lacks and what needs it; a function no declared type needs stays optional, and a value that
 * needs it anyway (an {@code Any} carrying bytes) is an error at that value, naming it.
 */
final class FfiCApi {
    /** The functions tvmbind calls, each with its C signature and what needs it. */
    enum Function {
        ERROR_MOVE_FROM_RAISED("TVMFFIErrorMoveFromRaised", FunctionDescriptor.ofVoid(ADDRESS),
                "every call"),
        OBJECT_DEC_REF("TVMFFIObjectDecRef", FunctionDescriptor.of(JAVA_INT, JAVA_LONG),
                "every call"),
        OBJECT_INC_REF("TVMFFIObjectIncRef", FunctionDescriptor.of(JAVA_INT, JAVA_LONG),
                "objects Java keeps"),
        FUNCTION_GET_GLOBAL("TVMFFIFunctionGetGlobal", FunctionDescriptor.of(JAVA_INT, ADDRESS,
                ADDRESS), "global functions, containers and shapes"),
        STRING_FROM_BYTE_ARRAY("TVMFFIStringFromByteArray", fromByteArray(),
                "ffi.String in containers"),
        BYTES_FROM_BYTE_ARRAY("TVMFFIBytesFromByteArray", fromByteArray(), "ffi.Bytes"),
        BIG_INT_FROM_BYTE_ARRAY("TVMFFIBigIntFromByteArray", fromByteArray(),
                "ffi.BigInt"),
        BIG_INT_GET_CONTENT_BYTE_ARRAY("TVMFFIBigIntGetContentByteArray", FunctionDescriptor.of(
                MemoryLayout.structLayout(JAVA_LONG, JAVA_LONG), JAVA_LONG), "ffi.BigInt"),
        FUNCTION_CREATE("TVMFFIFunctionCreate", FunctionDescriptor.of(JAVA_INT, JAVA_LONG,
                JAVA_LONG, JAVA_LONG, JAVA_LONG), "callbacks"),
        ERROR_SET_RAISED_FROM_C_STR("TVMFFIErrorSetRaisedFromCStr",
                FunctionDescriptor.ofVoid(ADDRESS, ADDRESS), "callbacks"),
        TENSOR_FROM_DLPACK_VERSIONED("TVMFFITensorFromDLPackVersioned", FunctionDescriptor.of(
                JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_LONG), "ffi.Tensor made in Java"),
        GET_TYPE_INFO("TVMFFIGetTypeInfo", FunctionDescriptor.of(JAVA_LONG, JAVA_INT),
                "ffi.Object"),
        GET_VERSION("TVMFFIGetVersion", FunctionDescriptor.ofVoid(ADDRESS),
                "the version handshake"),
        ENV_GET_TENSOR_ALLOCATOR("TVMFFIEnvGetDLPackManagedTensorAllocator",
                FunctionDescriptor.of(JAVA_LONG), "kernels that allocate"),
        ENV_SET_TENSOR_ALLOCATOR("TVMFFIEnvSetDLPackManagedTensorAllocator",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG),
                "kernels that allocate");

        /** {@code int f(const TVMFFIByteArray* input, TVMFFIAny* out)}. */
        private static FunctionDescriptor fromByteArray() {
            return FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG);
        }

        final String symbol;
        private final FunctionDescriptor descriptor;
        private final String neededBy;

        Function(String symbol, FunctionDescriptor descriptor, String neededBy) {
            this.symbol = symbol;
            this.descriptor = descriptor;
            this.neededBy = neededBy;
        }

        /**
         * This function's downcall handle taking its address first: one handle for every
         * runtime, kept in a {@code static final} field where a call is hot so it inlines (a
         * runtime's own handle, in an instance field, does not).
         */
        MethodHandle unbound() {
            return Linker.nativeLinker().downcallHandle(descriptor);
        }

        /** This function linked at {@code address}. */
        @SuppressWarnings("restricted")
        MethodHandle link(MemorySegment address) {
            return Linker.nativeLinker().downcallHandle(address, descriptor);
        }
    }

    /** What every binding's calls need: their errors, and the release of what they return. */
    static final Set<Function> EVERY_CALL = EnumSet.of(Function.ERROR_MOVE_FROM_RAISED,
            Function.OBJECT_DEC_REF);
    /** Containers are made and read through global functions, and keep their elements. */
    private static final Set<Function> CONTAINERS = EnumSet.of(Function.FUNCTION_GET_GLOBAL,
            Function.OBJECT_INC_REF);
    private static final Set<Function> CALLBACKS = EnumSet.of(Function.FUNCTION_CREATE,
            Function.ERROR_SET_RAISED_FROM_C_STR, Function.OBJECT_INC_REF);
    /** Each runtime's, by the address of its {@code TVMFFIErrorMoveFromRaised}: one a process. */
    private static final Map<Long, FfiCApi> RUNTIMES = new ConcurrentHashMap<>();

    private final Map<Function, MethodHandle> linked = new EnumMap<>(Function.class);
    private final Map<Function, MemorySegment> addresses = new EnumMap<>(Function.class);

    private FfiCApi(NativeAccess.Vouched runtime) {
        for (Function function : Function.values()) {
            runtime.find(function.symbol).ifPresent(address -> {
                addresses.put(function, address);
                linked.put(function, function.link(address));
            });
        }
    }

    /** The C API of {@code runtime}, every function it has linked once. */
    static FfiCApi of(NativeAccess.Vouched runtime) {
        return runtime.find(Function.ERROR_MOVE_FROM_RAISED.symbol)
                .map(f -> RUNTIMES.computeIfAbsent(f.address(), a -> new FfiCApi(runtime)))
                .orElseGet(() -> new FfiCApi(runtime));
    }

    /** What the calls of {@code functions} need of tvm-ffi's C API, by their declared types. */
    static Set<Function> neededBy(List<FfiFunctionContract> functions) {
        Set<Function> needed = EnumSet.copyOf(EVERY_CALL);
        for (FfiFunctionContract function : functions) {
            if (function.global()) {
                needed.add(Function.FUNCTION_GET_GLOBAL);
            }
            addNeeds(function.result(), needed);
            function.parameters().forEach(p -> addNeeds(p.type(), needed));
        }
        return needed;
    }

    private static void addNeeds(FfiType type, Set<Function> needed) {
        switch (type) {
            case FfiType.Plain plain -> needed.addAll(FfiPlainValues.needs(plain));
            case FfiType.OptionalOf optional -> addNeeds(optional.element(), needed);
            case FfiType.ListOf list -> {
                needed.addAll(CONTAINERS);
                addNeeds(list.element(), needed);
            }
            case FfiType.MapOf map -> {
                needed.addAll(CONTAINERS);
                addNeeds(map.key(), needed);
                addNeeds(map.value(), needed);
            }
            case FfiType.Callback callback -> {
                needed.addAll(CALLBACKS);
                addNeeds(callback.result(), needed);
                callback.parameters().forEach(p -> addNeeds(p, needed));
            }
        }
    }

    /**
     * Asks for {@code needed} at a binding's load.
     *
     * @param named how the message names what needs them (a library, its interface's types)
     * @throws dev.tvmbind.runtime.MissingSymbolsError naming every function the runtime lacks
     *     and what needs it
     */
    void require(Set<Function> needed, String named) {
        List<Function> missing = lacking(needed);
        if (!missing.isEmpty()) {
            throw PublicTypes.missingSymbols(named + " needs " + String.join(", ", missing
                    .stream().map(f -> f.symbol + " (for " + f.neededBy + ")").toList())
                    + " of tvm-ffi's C API, which the libtvm_ffi it runs with lacks: use"
                    + " apache-tvm-ffi 0.1.14 or later", missing.stream().map(f -> f.symbol)
                    .toList(), "tvm/ffi/c_api.h");
        }
    }

    /** The functions of {@code needed} this runtime lacks, in the enum's order. */
    List<Function> lacking(Set<Function> needed) {
        return needed.stream().filter(f -> !linked.containsKey(f)).sorted().toList();
    }

    /** Whether this runtime has {@code function}. */
    boolean has(Function function) {
        return linked.containsKey(function);
    }

    /**
     * {@code function}, linked.
     *
     * @throws IllegalStateException when this runtime lacks it (a function no declared type
     *     needed, which a value needs after all)
     */
    MethodHandle handle(Function function) {
        MethodHandle handle = linked.get(function);
        if (handle == null) {
            throw lacks(function);
        }
        return handle;
    }

    /**
     * Where {@code function} is, for {@link Function#unbound}.
     *
     * @throws IllegalStateException when this runtime lacks it
     */
    MemorySegment address(Function function) {
        handle(function);
        return addresses.get(function);
    }

    /** Where {@code function} is, for {@link Function#unbound}; null where this runtime lacks it. */
    MemorySegment addressOrNull(Function function) {
        return addresses.get(function);
    }

    /** {@code function}, linked; null where this runtime lacks it ({@link #lacks} then). */
    MethodHandle orNull(Function function) {
        return linked.get(function);
    }

    /** The error of a value that needs {@code function} on a runtime without it. */
    static IllegalStateException lacks(Function function) {
        return new IllegalStateException("this libtvm_ffi lacks " + function.symbol + ", which "
                + function.neededBy + " need: use apache-tvm-ffi 0.1.14 or later");
    }

    /**
     * Makes a value from a copy of {@code content} in {@code arena}, as
     * {@link #fromByteArray} does.
     *
     * @return the object made, which the caller releases; or 0 for a value held inline
     */
    long fromBytes(Function maker, byte[] content, MemorySegment any, SegmentAllocator arena,
            FfiLibrary library, String function) {
        MemorySegment data = arena.allocate(Math.max(1, content.length));
        MemorySegment.copy(content, 0, data, ValueLayout.JAVA_BYTE, 0, content.length);
        return fromByteArray(maker, data.asSlice(0, content.length), any, arena, library,
                function);
    }

    /**
     * Makes a value from {@code content} with {@code maker} ({@code TVMFFIBytesFromByteArray},
     * {@code TVMFFIBigIntFromByteArray}, {@code TVMFFIStringFromByteArray}), into {@code any}.
     *
     * @return the object made, which the caller releases; or 0 for a value held inline
     */
    long fromByteArray(Function maker, MemorySegment content, MemorySegment any,
            SegmentAllocator arena, FfiLibrary library, String function) {
        MemorySegment array = arena.allocate(FfiLibrary.BYTE_ARRAY, 8);
        array.set(ValueLayout.JAVA_LONG, 0, content.address());
        array.set(ValueLayout.JAVA_LONG, 8, content.byteSize());
        MethodHandle from = handle(maker);
        try {
            if ((int) from.invokeExact(array.address(), any.address()) != 0) {
                throw library.raised(function);
            }
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
        return any.get(ValueLayout.JAVA_INT, 0) >= FfiTypeIndex.STATIC_OBJECT_BEGIN
                ? any.get(ValueLayout.JAVA_LONG, 8) : 0;
    }
}
