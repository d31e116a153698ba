package dev.tvmbind.runtime.internal.ffi;

import dev.tvmbind.runtime.ffi.TvmFfiException;
import dev.tvmbind.runtime.internal.Arguments;
import dev.tvmbind.runtime.internal.NativeAccess;
import dev.tvmbind.runtime.internal.shared.PublicTypes;
import dev.tvmbind.runtime.internal.shared.Signals;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.LongConsumer;
import java.util.function.LongUnaryOperator;

/**
 * What tvm-ffi's runtime ({@code libtvm_ffi}, which a library exporting functions links) offers
 * the calls of a binding: the error a failed call left in thread-local storage, and the release
 * of the objects calls return. Found through the library's own lookup (its dependencies answer
 * too), linked with the runtime's native access: the library is one that code with native access
 * opened or handed over ({@link NativeAccess.Vouched}).
 *
 * <p>Objects are TVM's reference-counted {@code TVMFFIObject}s: a 24-byte header (reference
 * counts, type index, deleter) followed by the object's cell; a string's cell is a
 * {@code TVMFFIByteArray} (data, size), an error's three of them (kind, message, backtrace).
 */
public final class FfiLibrary {
    /** {@code sizeof(TVMFFIObject)}: where an object's cell begins. */
    static final long OBJECT_HEADER = 24;
    /** {@code sizeof(TVMFFIByteArray)}. */
    static final long BYTE_ARRAY = 16;
    /** {@code TVMFFIObjectDecRef} at the address it is given: where every returned object goes. */
    private static final MethodHandle DEC_REF = FfiCApi.Function.OBJECT_DEC_REF.unbound();

    /** Every C function of the runtime, and the two each call needs, taken from it once. */
    private final FfiCApi cApi;
    private final MethodHandle moveFromRaised;
    /** {@code TVMFFIObjectDecRef}'s address, for {@link #DEC_REF}. */
    private final MemorySegment decRef;
    /** {@code TVMFFIObjectIncRef} and {@code TVMFFIObjectDecRef}, made once for returned tensors. */
    final LongUnaryOperator retainer = object -> objects().incRef(object);
    final LongConsumer releaser = this::release;
    /** What containers and other values ask of the runtime; set once, right after construction. */
    private FfiObjects objects;

    private FfiLibrary(FfiCApi cApi) {
        this.cApi = cApi;
        this.moveFromRaised = cApi.handle(FfiCApi.Function.ERROR_MOVE_FROM_RAISED);
        this.decRef = cApi.address(FfiCApi.Function.OBJECT_DEC_REF);
    }

    /**
     * tvm-ffi's runtime as {@code library} finds it.
     *
     * @param library a vouched lookup of the library
     * @param named how the message names the library
     * @return its runtime's functions
     * @throws dev.tvmbind.runtime.MissingSymbolsError when the library does not link
     *     {@code libtvm_ffi}
     */
    static FfiLibrary of(NativeAccess.Vouched linked, String named) {
        // Its own libtvm_ffi (the process's from now on), or the process's for one linking none.
        FfiCApi api = FfiCApi.of(FfiRuntime.api(linked, named).orElse(linked));
        List<String> missing = api.lacking(FfiCApi.EVERY_CALL).stream().map(f -> f.symbol)
                .toList();
        if (!missing.isEmpty()) {
            throw PublicTypes.missingSymbols(named + " lacks " + String.join(", ", missing)
                    + ": it does not link libtvm_ffi, the runtime of TVM's FFI, and none runs the"
                    + " process yet. A library TVM's compiler exported (export_library) never"
                    + " links it but takes its C API from the process: load one first with -D"
                    + FfiRuntime.PROPERTY + "=<apache-tvm-ffi's tvm_ffi/lib/libtvm_ffi.so> (or "
                    + FfiRuntime.ENVIRONMENT + "); a library you build links it with -ltvm_ffi",
                    missing, "tvm/ffi/c_api.h");
        }
        // Kernels that allocate (TVMFFIEnvTensorAlloc) need a host allocator: one for the process.
        FfiHostAllocator.installIn(api);
        FfiLibrary ffi = new FfiLibrary(api);
        ffi.objects = new FfiObjects(api, ffi);
        return ffi;
    }

    /**
     * The error the calling thread's last call raised: taken from tvm-ffi's thread-local storage
     * (right after the call, on its thread), read, and released.
     *
     * @param function the C symbol that returned -1
     * @return the exception to throw
     */
    public TvmFfiException raised(String function) {
        long error;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment handle = arena.allocate(ValueLayout.ADDRESS);
            try {
                moveFromRaised.invokeExact(handle);
            } catch (Throwable e) {
                throw Arguments.rethrow(e);
            }
            error = handle.get(ValueLayout.JAVA_LONG, 0);
        }
        if (error == 0) {
            return PublicTypes.tvmFfiException(function, "RuntimeError", "the function returned"
                    + " -1 without raising an error", "");
        }
        try {
            long cell = error + OBJECT_HEADER;
            String kind = FfiByteArrays.text(cell);
            String message = FfiByteArrays.text(cell + BYTE_ARRAY);
            // A callback's Java exception comes back as the cause.
            Throwable cause = FfiCallback.cause(kind, message);
            TvmFfiException raised = PublicTypes.tvmFfiException(function, kind,
                    cause == null ? message : FfiCallback.withoutToken(message),
                    FfiByteArrays.text(cell + 2 * BYTE_ARRAY));
            return cause == null ? raised : (TvmFfiException) raised.initCause(cause);
        } finally {
            release(error);
        }
    }

    /**
     * A function of TVM's global registry: its function object, which the registry keeps (so
     * it lives as long as the process), and its {@code safe_call}, the first member of the
     * object's cell.
     *
     * @param name its name in the registry
     * @return the object's address and the {@code safe_call}'s, or null when none is registered
     */
    @SuppressWarnings("restricted")
    long[] global(String name) {
        if (!cApi.has(FfiCApi.Function.FUNCTION_GET_GLOBAL)) {
            return null;
        }
        MethodHandle getGlobal = cApi.handle(FfiCApi.Function.FUNCTION_GET_GLOBAL);
        try (Arena arena = Arena.ofConfined()) {
            byte[] utf8 = name.getBytes(StandardCharsets.UTF_8);
            MemorySegment text = arena.allocate(utf8.length + 1L);
            MemorySegment.copy(utf8, 0, text, ValueLayout.JAVA_BYTE, 0, utf8.length);
            MemorySegment array = arena.allocate(BYTE_ARRAY, 8);
            array.set(ValueLayout.ADDRESS, 0, text);
            array.set(ValueLayout.JAVA_LONG, 8, utf8.length);
            MemorySegment handle = arena.allocate(ValueLayout.ADDRESS);
            int status;
            try {
                status = (int) getGlobal.invokeExact(array, handle);
            } catch (Throwable e) {
                throw Arguments.rethrow(e);
            }
            long function = handle.get(ValueLayout.JAVA_LONG, 0);
            if (status != 0) {
                throw raised("TVMFFIFunctionGetGlobal(" + name + ")");
            }
            if (function == 0) {
                return null;
            }
            long safeCall = MemorySegment.ofAddress(function + OBJECT_HEADER).reinterpret(8)
                    .get(ValueLayout.JAVA_LONG, 0);
            return new long[] {function, safeCall};
        }
    }

    /** What containers ask of this runtime: references, string objects, arrays. */
    FfiObjects objects() {
        return objects;
    }

    /** tvm-ffi's C API, as this library's runtime offers it. */
    FfiCApi cApi() {
        return cApi;
    }

    /**
     * Loads {@code file} as tvm-ffi loads a library it exported ({@code ffi.ModuleLoadFromFile}):
     * its {@code __tvm_ffi__library_ctx} set to the module, its bundled modules and imports
     * wired. The module is kept for the process's life: the context points at it. Its
     * {@code dlopen} runs in native code, so the JVM's signal handling is put back after it.
     *
     * @param file the library, already opened by the runtime
     * @return null when it loaded, else why not
     */
    String loadModule(java.nio.file.Path file) {
        long[] load = global("ffi.ModuleLoadFromFile");
        if (load == null) {
            return "this libtvm_ffi has no ffi.ModuleLoadFromFile";
        }
        String path = file.toAbsolutePath().toString();
        return Signals.keep(path, () -> {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment values = arena.allocate(32, 16);
                values.set(ValueLayout.JAVA_LONG, 0, FfiTypeIndex.RAW_STR);
                values.set(ValueLayout.ADDRESS, 8, arena.allocateFrom(path));
                values.set(ValueLayout.JAVA_LONG, 16, FfiTypeIndex.NONE);
                MethodHandle call = Linker.nativeLinker().downcallHandle(
                        MemorySegment.ofAddress(load[1]), FfiValues.SAFE_CALL);
                int status = (int) call.invokeExact(load[0], values.address(), 1,
                        values.address() + 16);
                if (status != 0) {
                    TvmFfiException e = raised("ffi.ModuleLoadFromFile");
                    return e.kind() + ": " + e.errorMessage();
                }
                int type = values.get(ValueLayout.JAVA_INT, 16);
                if (type != FfiTypeIndex.MODULE) {
                    if (type >= FfiTypeIndex.STATIC_OBJECT_BEGIN) {
                        release(values.get(ValueLayout.JAVA_LONG, 24));
                    }
                    return "ffi.ModuleLoadFromFile returned " + FfiTypeNames.of(type, this);
                }
                return null; // the module stays referenced: the library's context is it
            } catch (Throwable e) {
                throw Arguments.rethrow(e);
            }
        });
    }

    /**
     * An {@code ffi.Tensor} object over a {@code DLManagedTensorVersioned}, which it then owns:
     * on failure the struct is handed to its deleter here.
     *
     * @param managed the struct's address
     * @param out where the runtime writes the object's address
     * @param function the symbol whose argument it is, for errors
     * @return the object, one reference
     */
    @SuppressWarnings("restricted")
    long tensorFromDLPack(long managed, long out, String function) {
        MemorySegment struct = MemorySegment.ofAddress(managed).reinterpret(24);
        if (!cApi.has(FfiCApi.Function.TENSOR_FROM_DLPACK_VERSIONED)) {
            deleteManaged(struct);
            throw PublicTypes.tvmFfiException(function, "RuntimeError", "this libtvm_ffi lacks"
                    + " TVMFFITensorFromDLPackVersioned, which a @TvmFfi.Owned tensor needs", "");
        }
        int status;
        try {
            status = (int) cApi.handle(FfiCApi.Function.TENSOR_FROM_DLPACK_VERSIONED)
                    .invokeExact(managed, 0, 0, out);
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
        if (status != 0) {
            TvmFfiException error = raised(function);
            deleteManaged(struct);
            throw error;
        }
        return MemorySegment.ofAddress(out).reinterpret(8).get(ValueLayout.JAVA_LONG, 0);
    }

    /** Runs a managed tensor's own deleter, as its owner must when nothing took it. */
    @SuppressWarnings("restricted")
    private static void deleteManaged(MemorySegment struct) {
        MemorySegment deleter = struct.get(ValueLayout.ADDRESS, 16);
        try {
            Linker.nativeLinker().downcallHandle(deleter, FunctionDescriptor.ofVoid(
                    ValueLayout.JAVA_LONG)).invokeExact(struct.address());
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }

    /**
     * Releases an object a call handed over ({@code TVMFFIObjectDecRef}): once per object.
     *
     * @param object its address
     */
    public void release(long object) {
        try {
            int status = (int) DEC_REF.invokeExact(decRef, object);
            if (status != 0) {
                throw new IllegalStateException("TVMFFIObjectDecRef returned " + status);
            }
        } catch (Throwable e) {
            throw Arguments.rethrow(e);
        }
    }
}
